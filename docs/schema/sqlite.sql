-- The schema the migrations (server/db/migrations/) leave on SQLite, read from its catalogue.
-- Written by `npx vitest run -u tests/server/schema.test.ts`; a test fails while it differs. Do not edit by hand.

CREATE TABLE "avatars" ("user_id" text primary key references "users" ("id") on delete cascade, "content_type" text not null, "bytes" blob not null, "sha256" text not null, "updated_at" text not null);

CREATE TABLE "booking_links" ("token_hash" text primary key, "invoice_id" text not null references "orders" ("invoice_id") on delete cascade, "created_at" text not null);

CREATE INDEX "booking_links_by_order" on "booking_links" ("invoice_id");

CREATE TABLE "code_tickets" ("ticket_hash" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "purpose" text not null, "email" text not null, "code_hash" text not null, "attempts" integer default 0 not null, "created_at" text not null, "expires_at" text not null);

CREATE INDEX "code_tickets_expires_at" on "code_tickets" ("expires_at");

CREATE TABLE "email_codes" ("user_id" text not null references "users" ("id") on delete cascade, "purpose" text not null, "email" text not null, "code_hash" text not null, "attempts" integer default 0 not null, "created_at" text not null, "expires_at" text not null, constraint "email_codes_pk" primary key ("user_id", "purpose"));

CREATE TABLE "idempotency_keys" ("user_id" text not null references "users" ("id") on delete cascade, "idempotency_key" text not null, "invoice_id" text not null references "invoices" ("id") on delete cascade, "fingerprint" text not null, "payment_link" text, "created_at" text not null, constraint "idempotency_keys_pk" primary key ("user_id", "idempotency_key"));

CREATE INDEX "idempotency_keys_created" on "idempotency_keys" ("created_at");

CREATE TABLE "identities" ("provider" text not null, "subject" text not null, "user_id" text not null references "users" ("id") on delete cascade, "email" text not null, "created_at" text not null, constraint "identities_pk" primary key ("provider", "subject"));

CREATE INDEX "identities_user_id" on "identities" ("user_id");

CREATE TABLE "invoice_documents" ("invoice_id" text primary key references "invoices" ("id") on delete cascade, "number" text not null unique, "issued_at" text not null, "data" text not null, "pdf" blob, "pdf_sha256" text);

CREATE TABLE "invoice_number_series" ("series" text primary key, "last_number" integer not null);

CREATE TABLE "invoices" ("id" text primary key, "user_id" text references "users" ("id") on delete set null, "amount_pence" integer not null, "title" text not null, "type" text not null, "url" text default '' not null, "paid" integer default 0 not null, "paid_at" text, "created_at" text not null, "provider" text not null, "provider_ref" text);

CREATE INDEX "invoices_paid_at" on "invoices" ("paid_at");

CREATE INDEX "invoices_user_created_id" on "invoices" ("user_id", "created_at", "id");

CREATE TABLE "job_leases" ("name" text primary key, "claimed_at" text not null, "claimed_by" text not null);

CREATE TABLE "mail_attachments" ("mail_id" text not null references "mail_queue" ("id") on delete cascade, "position" integer not null, "filename" text not null, "content_type" text not null, "bytes" blob not null, constraint "mail_attachments_pk" primary key ("mail_id", "position"));

CREATE TABLE "mail_queue" ("id" text primary key, "kind" text not null, "to_address" text not null, "reply_to" text, "subject" text not null, "text_body" text not null, "html_body" text not null, "calendar" text, "created_at" text not null, "expires_at" text, "next_attempt_at" text not null, "attempts" integer default 0 not null, "claimed_by" text, "claimed_until" text, "last_error" text, "sent_at" text, "ended_at" text, "end_reason" text);

CREATE INDEX "mail_queue_waiting" on "mail_queue" ("next_attempt_at") where "ended_at" is null;

CREATE TABLE "notifications" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "kind" text not null, "text_en" text not null, "created_at" text not null, "seen_at" text);

CREATE INDEX "notifications_user_created" on "notifications" ("user_id", "created_at");

CREATE TABLE "office_hours" ("member_id" text primary key references "users" ("id") on delete cascade, "weekly" text not null, "days_off" text default '[]' not null, "updated_at" text not null);

CREATE TABLE "order_events" ("id" text primary key, "invoice_id" text not null references "invoices" ("id") on delete cascade, "from_status" text not null, "to_status" text not null, "actor_user_id" text references "users" ("id") on delete set null, "note" text, "at" text not null, "actor_name" text, "actor_email" text);

CREATE INDEX "order_events_actor" on "order_events" ("actor_user_id");

CREATE INDEX "order_events_invoice" on "order_events" ("invoice_id", "at");

CREATE TRIGGER orders_calls_do_not_overlap_insert BEFORE INSERT ON orders
      WHEN NEW.call_member_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM orders other
  WHERE other.call_member_id = NEW.call_member_id AND other.invoice_id <> NEW.invoice_id
    AND other.call_start_minute < NEW.call_until_minute AND NEW.call_start_minute < other.call_until_minute
)
      BEGIN SELECT RAISE(ABORT, 'orders_calls_do_not_overlap'); END;

CREATE TRIGGER orders_calls_do_not_overlap_update BEFORE UPDATE OF call_member_id, call_start_minute, call_until_minute ON orders
      WHEN NEW.call_member_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM orders other
  WHERE other.call_member_id = NEW.call_member_id AND other.invoice_id <> NEW.invoice_id
    AND other.call_start_minute < NEW.call_until_minute AND NEW.call_start_minute < other.call_until_minute
)
      BEGIN SELECT RAISE(ABORT, 'orders_calls_do_not_overlap'); END;

CREATE TABLE "orders" ("invoice_id" text primary key references "invoices" ("id") on delete cascade, "status" text not null, "scheduled_at" text, "join_info" text, "late_reason" text, "delivered_at" text, "report" blob, "report_name" text, "report_sha256" text, "promise_reminded_at" text, "updated_at" text not null, "call_member_id" text references "users" ("id") on delete set null, "call_start_minute" integer, "call_until_minute" integer, "call_chosen_by_customer" integer default 0 not null, "call_customer_zone" text, "call_sequence" integer, "call_reminded_for" text);

CREATE INDEX "orders_status" on "orders" ("status");

CREATE TABLE "passkey_challenges" ("challenge" text primary key, "purpose" text not null, "used_at" text not null, "expires_at" text not null);

CREATE INDEX "passkey_challenges_expires_at" on "passkey_challenges" ("expires_at");

CREATE TABLE "passkeys" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "credential_id" text not null unique, "public_key" blob not null, "counter" bigint default 0 not null, "transports" text default '[]' not null, "name" text not null, "created_at" text not null, "last_used_at" text);

CREATE INDEX "passkeys_user_id" on "passkeys" ("user_id", "created_at");

CREATE TABLE "payment_events" ("provider" text not null, "event_id" text not null, "processed_at" text not null, constraint "payment_events_pk" primary key ("provider", "event_id"));

CREATE TABLE "recovery_codes" ("user_id" text not null references "users" ("id") on delete cascade, "code_hash" text not null, "used_at" text, "created_at" text not null, constraint "recovery_codes_pk" primary key ("user_id", "code_hash"));

CREATE TABLE "server_secrets" ("name" text primary key, "value" text not null, "created_at" text not null);

CREATE TABLE "sessions" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "token_hash" text not null unique, "created_at" text not null, "last_used_at" text not null, "expires_at" text not null, "revoked_at" text, "second_factor" text);

CREATE INDEX "sessions_user_id" on "sessions" ("user_id");

CREATE TABLE "totp_secrets" ("user_id" text primary key references "users" ("id") on delete cascade, "secret" text not null, "last_step" integer, "created_at" text not null);

CREATE TABLE "users" ("id" text primary key, "name" text not null, "email" text not null unique, "password_hash" text, "email_verified" integer default 0 not null, "last_login" text, "created_at" text not null, "updated_at" text not null, "deletion_scheduled_for" text, "role" text default 'common' not null, "totp_enabled_at" text, "billing_name" text, "billing_address" text, "billing_vat_number" text);

CREATE INDEX "users_deletion_scheduled_for" on "users" ("deletion_scheduled_for") where "deletion_scheduled_for" is not null;

CREATE TABLE "visits" ("id" text primary key, "user_id" text references "users" ("id") on delete set null, "visitor" text not null, "country_code" text, "country_name" text, "city" text, "postal" text, "latitude" double precision, "longitude" double precision, "ipv4" text, "state" text, "visit_date" text not null, "visit_time" text not null, "received_at" text not null, "client_address" text not null);

CREATE INDEX "visits_received_at" on "visits" ("received_at");

CREATE INDEX "visits_user_id" on "visits" ("user_id");
