-- The schema the migrations (server/db/migrations/) leave on PostgreSQL, read from its catalogue.
-- Written by `npx vitest run -u tests/server/migrations-postgres.test.ts`; a test fails while it differs. Do not edit by hand.

EXTENSION btree_gist

TABLE avatars
  user_id text NOT NULL
  content_type text NOT NULL
  bytes bytea NOT NULL
  sha256 text NOT NULL
  updated_at text NOT NULL
  CONSTRAINT avatars_pkey PRIMARY KEY (user_id)
  CONSTRAINT avatars_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX avatars_pkey ON public.avatars USING btree (user_id)

TABLE booking_links
  token_hash text NOT NULL
  invoice_id text NOT NULL
  created_at text NOT NULL
  CONSTRAINT booking_links_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES orders(invoice_id) ON DELETE CASCADE
  CONSTRAINT booking_links_pkey PRIMARY KEY (token_hash)
CREATE INDEX booking_links_by_order ON public.booking_links USING btree (invoice_id)
CREATE UNIQUE INDEX booking_links_pkey ON public.booking_links USING btree (token_hash)

TABLE code_tickets
  ticket_hash text NOT NULL
  user_id text NOT NULL
  purpose text NOT NULL
  email text NOT NULL
  code_hash text NOT NULL
  attempts integer NOT NULL DEFAULT 0
  created_at text NOT NULL
  expires_at text NOT NULL
  CONSTRAINT code_tickets_pkey PRIMARY KEY (ticket_hash)
  CONSTRAINT code_tickets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE INDEX code_tickets_expires_at ON public.code_tickets USING btree (expires_at)
CREATE UNIQUE INDEX code_tickets_pkey ON public.code_tickets USING btree (ticket_hash)

TABLE email_codes
  user_id text NOT NULL
  purpose text NOT NULL
  email text NOT NULL
  code_hash text NOT NULL
  attempts integer NOT NULL DEFAULT 0
  created_at text NOT NULL
  expires_at text NOT NULL
  CONSTRAINT email_codes_pk PRIMARY KEY (user_id, purpose)
  CONSTRAINT email_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX email_codes_pk ON public.email_codes USING btree (user_id, purpose)

TABLE idempotency_keys
  user_id text NOT NULL
  idempotency_key text NOT NULL
  invoice_id text NOT NULL
  fingerprint text NOT NULL
  payment_link text
  created_at text NOT NULL
  CONSTRAINT idempotency_keys_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE
  CONSTRAINT idempotency_keys_pk PRIMARY KEY (user_id, idempotency_key)
  CONSTRAINT idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE INDEX idempotency_keys_created ON public.idempotency_keys USING btree (created_at)
CREATE UNIQUE INDEX idempotency_keys_pk ON public.idempotency_keys USING btree (user_id, idempotency_key)

TABLE identities
  provider text NOT NULL
  subject text NOT NULL
  user_id text NOT NULL
  email text NOT NULL
  created_at text NOT NULL
  CONSTRAINT identities_pk PRIMARY KEY (provider, subject)
  CONSTRAINT identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX identities_pk ON public.identities USING btree (provider, subject)
CREATE INDEX identities_user_id ON public.identities USING btree (user_id)

TABLE invoice_documents
  invoice_id text NOT NULL
  number text NOT NULL
  issued_at text NOT NULL
  data text NOT NULL
  pdf bytea
  pdf_sha256 text
  CONSTRAINT invoice_documents_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE
  CONSTRAINT invoice_documents_number_key UNIQUE (number)
  CONSTRAINT invoice_documents_pkey PRIMARY KEY (invoice_id)
CREATE UNIQUE INDEX invoice_documents_number_key ON public.invoice_documents USING btree (number)
CREATE UNIQUE INDEX invoice_documents_pkey ON public.invoice_documents USING btree (invoice_id)

TABLE invoice_number_series
  series text NOT NULL
  last_number integer NOT NULL
  CONSTRAINT invoice_number_series_pkey PRIMARY KEY (series)
CREATE UNIQUE INDEX invoice_number_series_pkey ON public.invoice_number_series USING btree (series)

TABLE invoices
  id text NOT NULL
  user_id text
  amount_pence integer NOT NULL
  title text NOT NULL
  type text NOT NULL
  url text NOT NULL DEFAULT ''::text
  paid integer NOT NULL DEFAULT 0
  paid_at text
  created_at text NOT NULL
  provider text NOT NULL
  provider_ref text
  CONSTRAINT invoices_rebuilt_pkey PRIMARY KEY (id)
  CONSTRAINT invoices_rebuilt_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
CREATE INDEX invoices_paid_at ON public.invoices USING btree (paid_at)
CREATE UNIQUE INDEX invoices_rebuilt_pkey ON public.invoices USING btree (id)
CREATE INDEX invoices_user_created_id ON public.invoices USING btree (user_id, created_at, id)

TABLE job_leases
  name text NOT NULL
  claimed_at text NOT NULL
  claimed_by text NOT NULL
  CONSTRAINT job_leases_pkey PRIMARY KEY (name)
CREATE UNIQUE INDEX job_leases_pkey ON public.job_leases USING btree (name)

TABLE mail_attachments
  mail_id text NOT NULL
  position integer NOT NULL
  filename text NOT NULL
  content_type text NOT NULL
  bytes bytea NOT NULL
  CONSTRAINT mail_attachments_mail_id_fkey FOREIGN KEY (mail_id) REFERENCES mail_queue(id) ON DELETE CASCADE
  CONSTRAINT mail_attachments_pk PRIMARY KEY (mail_id, "position")
CREATE UNIQUE INDEX mail_attachments_pk ON public.mail_attachments USING btree (mail_id, "position")

TABLE mail_queue
  id text NOT NULL
  kind text NOT NULL
  to_address text NOT NULL
  reply_to text
  subject text NOT NULL
  text_body text NOT NULL
  html_body text NOT NULL
  calendar text
  created_at text NOT NULL
  expires_at text
  next_attempt_at text NOT NULL
  attempts integer NOT NULL DEFAULT 0
  claimed_by text
  claimed_until text
  last_error text
  sent_at text
  ended_at text
  end_reason text
  CONSTRAINT mail_queue_pkey PRIMARY KEY (id)
CREATE UNIQUE INDEX mail_queue_pkey ON public.mail_queue USING btree (id)
CREATE INDEX mail_queue_waiting ON public.mail_queue USING btree (next_attempt_at) WHERE (ended_at IS NULL)

TABLE notifications
  id text NOT NULL
  user_id text NOT NULL
  kind text NOT NULL
  text_en text NOT NULL
  created_at text NOT NULL
  seen_at text
  CONSTRAINT notifications_pkey PRIMARY KEY (id)
  CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX notifications_pkey ON public.notifications USING btree (id)
CREATE INDEX notifications_user_created ON public.notifications USING btree (user_id, created_at)

TABLE office_hours
  member_id text NOT NULL
  weekly text NOT NULL
  days_off text NOT NULL DEFAULT '[]'::text
  updated_at text NOT NULL
  CONSTRAINT office_hours_member_id_fkey FOREIGN KEY (member_id) REFERENCES users(id) ON DELETE CASCADE
  CONSTRAINT office_hours_pkey PRIMARY KEY (member_id)
CREATE UNIQUE INDEX office_hours_pkey ON public.office_hours USING btree (member_id)

TABLE order_events
  id text NOT NULL
  invoice_id text NOT NULL
  from_status text NOT NULL
  to_status text NOT NULL
  actor_user_id text
  note text
  at text NOT NULL
  actor_name text
  actor_email text
  CONSTRAINT order_events_actor_user_id_fkey FOREIGN KEY (actor_user_id) REFERENCES users(id) ON DELETE SET NULL
  CONSTRAINT order_events_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE
  CONSTRAINT order_events_pkey PRIMARY KEY (id)
CREATE INDEX order_events_actor ON public.order_events USING btree (actor_user_id)
CREATE INDEX order_events_invoice ON public.order_events USING btree (invoice_id, at)
CREATE UNIQUE INDEX order_events_pkey ON public.order_events USING btree (id)

TABLE orders
  invoice_id text NOT NULL
  status text NOT NULL
  scheduled_at text
  join_info text
  late_reason text
  delivered_at text
  report bytea
  report_name text
  report_sha256 text
  promise_reminded_at text
  updated_at text NOT NULL
  call_member_id text
  call_start_minute integer
  call_until_minute integer
  call_chosen_by_customer integer NOT NULL DEFAULT 0
  call_customer_zone text
  call_sequence integer
  call_reminded_for text
  CONSTRAINT orders_call_member_id_fkey FOREIGN KEY (call_member_id) REFERENCES users(id) ON DELETE SET NULL
  CONSTRAINT orders_calls_do_not_overlap EXCLUDE USING gist (call_member_id WITH =, int4range(call_start_minute, call_until_minute) WITH &&) WHERE ((call_member_id IS NOT NULL))
  CONSTRAINT orders_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE
  CONSTRAINT orders_pkey PRIMARY KEY (invoice_id)
CREATE INDEX orders_calls_do_not_overlap ON public.orders USING gist (call_member_id, int4range(call_start_minute, call_until_minute)) WHERE (call_member_id IS NOT NULL)
CREATE UNIQUE INDEX orders_pkey ON public.orders USING btree (invoice_id)
CREATE INDEX orders_status ON public.orders USING btree (status)

TABLE passkey_challenges
  challenge text NOT NULL
  purpose text NOT NULL
  used_at text NOT NULL
  expires_at text NOT NULL
  CONSTRAINT passkey_challenges_pkey PRIMARY KEY (challenge)
CREATE INDEX passkey_challenges_expires_at ON public.passkey_challenges USING btree (expires_at)
CREATE UNIQUE INDEX passkey_challenges_pkey ON public.passkey_challenges USING btree (challenge)

TABLE passkeys
  id text NOT NULL
  user_id text NOT NULL
  credential_id text NOT NULL
  public_key bytea NOT NULL
  counter bigint NOT NULL DEFAULT 0
  transports text NOT NULL DEFAULT '[]'::text
  name text NOT NULL
  created_at text NOT NULL
  last_used_at text
  CONSTRAINT passkeys_credential_id_key UNIQUE (credential_id)
  CONSTRAINT passkeys_pkey PRIMARY KEY (id)
  CONSTRAINT passkeys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX passkeys_credential_id_key ON public.passkeys USING btree (credential_id)
CREATE UNIQUE INDEX passkeys_pkey ON public.passkeys USING btree (id)
CREATE INDEX passkeys_user_id ON public.passkeys USING btree (user_id, created_at)

TABLE payment_events
  provider text NOT NULL
  event_id text NOT NULL
  processed_at text NOT NULL
  CONSTRAINT payment_events_pk PRIMARY KEY (provider, event_id)
CREATE UNIQUE INDEX payment_events_pk ON public.payment_events USING btree (provider, event_id)

TABLE recovery_codes
  user_id text NOT NULL
  code_hash text NOT NULL
  used_at text
  created_at text NOT NULL
  CONSTRAINT recovery_codes_pk PRIMARY KEY (user_id, code_hash)
  CONSTRAINT recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX recovery_codes_pk ON public.recovery_codes USING btree (user_id, code_hash)

TABLE server_secrets
  name text NOT NULL
  value text NOT NULL
  created_at text NOT NULL
  CONSTRAINT server_secrets_pkey PRIMARY KEY (name)
CREATE UNIQUE INDEX server_secrets_pkey ON public.server_secrets USING btree (name)

TABLE sessions
  id text NOT NULL
  user_id text NOT NULL
  token_hash text NOT NULL
  created_at text NOT NULL
  last_used_at text NOT NULL
  expires_at text NOT NULL
  revoked_at text
  second_factor text
  CONSTRAINT sessions_pkey PRIMARY KEY (id)
  CONSTRAINT sessions_token_hash_key UNIQUE (token_hash)
  CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX sessions_pkey ON public.sessions USING btree (id)
CREATE UNIQUE INDEX sessions_token_hash_key ON public.sessions USING btree (token_hash)
CREATE INDEX sessions_user_id ON public.sessions USING btree (user_id)

TABLE totp_secrets
  user_id text NOT NULL
  secret text NOT NULL
  last_step integer
  created_at text NOT NULL
  CONSTRAINT totp_secrets_pkey PRIMARY KEY (user_id)
  CONSTRAINT totp_secrets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
CREATE UNIQUE INDEX totp_secrets_pkey ON public.totp_secrets USING btree (user_id)

TABLE users
  id text NOT NULL
  name text NOT NULL
  email text NOT NULL
  password_hash text
  email_verified integer NOT NULL DEFAULT 0
  last_login text
  created_at text NOT NULL
  updated_at text NOT NULL
  deletion_scheduled_for text
  role text NOT NULL DEFAULT 'common'::text
  totp_enabled_at text
  billing_name text
  billing_address text
  billing_vat_number text
  CONSTRAINT users_email_key UNIQUE (email)
  CONSTRAINT users_pkey PRIMARY KEY (id)
CREATE INDEX users_deletion_scheduled_for ON public.users USING btree (deletion_scheduled_for) WHERE (deletion_scheduled_for IS NOT NULL)
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)
CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)

TABLE visits
  id text NOT NULL
  user_id text
  visitor text NOT NULL
  country_code text
  country_name text
  city text
  postal text
  latitude double precision
  longitude double precision
  ipv4 text
  state text
  visit_date text NOT NULL
  visit_time text NOT NULL
  received_at text NOT NULL
  client_address text NOT NULL
  CONSTRAINT visits_pkey PRIMARY KEY (id)
  CONSTRAINT visits_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
CREATE UNIQUE INDEX visits_pkey ON public.visits USING btree (id)
CREATE INDEX visits_received_at ON public.visits USING btree (received_at)
CREATE INDEX visits_user_id ON public.visits USING btree (user_id)
