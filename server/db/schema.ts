/**
 * The database's tables as TypeScript sees them (Kysely's typed schema).
 * Column names are snake_case as in SQL; conversion to the wire format happens in one place
 * (`toWireUser`), not through a naming plugin, so a reader sees the real column names in queries.
 * Times are ISO 8601 text in UTC (`Date#toISOString`), which sorts and compares as text.
 */
import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { OrderStatus, Role } from '#domain/orders';

interface UsersTable {
  id: string;
  name: string;
  /** Trimmed and lower-cased before it is stored, so uniqueness is case-insensitive. */
  email: string;
  /** argon2id PHC string; null for accounts that only sign in through Google. */
  password_hash: string | null;
  /** SQLite has no boolean: 0 or 1. */
  email_verified: number;
  last_login: string | null;
  created_at: string;
  updated_at: string;
  /** When a requested account deletion will be carried out (ISO time); null when none is requested. */
  deletion_scheduled_for: string | null;
  /** 'common' (a customer), 'office' or 'admin': who may reach /api/office (domain/orders.ts). */
  role: Generated<Role>;
  /**
   * Since when sign-in also needs a code from an authenticator app (ISO time); null: off. A set-up not yet
   * confirmed with a first code has its secret in `totp_secrets` and still null here.
   */
  totp_enabled_at: string | null;
  /** The billing details the invoice documents name (domain/billing.ts, normal form); null: not given. */
  billing_name: string | null;
  /** Lines separated by "\n". */
  billing_address: string | null;
  billing_vat_number: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 (hex) of the bearer token: a leaked database does not hand out live sessions. */
  token_hash: string;
  created_at: string;
  last_used_at: string;
  /** The absolute end of the session, fixed at sign-in. */
  expires_at: string;
  revoked_at: string | null;
  /** The second factor the sign-in used ('totp', 'passkey'), or null: the staff policy asks it (decision 0030). */
  second_factor: SecondFactor | null;
}

/** A second factor a session can be made with: the authenticator app's step, or a passkey. */
export type SecondFactor = 'totp' | 'passkey';

interface InvoicesTable {
  id: string;
  /** The customer; null once their account was deleted (a paid invoice is kept, detached, for the records). */
  user_id: string | null;
  /** Whole pence (49 pounds = 4900): money is never a binary fraction. The wire carries pounds. */
  amount_pence: number;
  /** The service's catalogue title at the time of the order. */
  title: string;
  /** One of the contract's SERVICE_TYPES. */
  type: string;
  /** The customer's website URL or application name, trimmed; '' when not provided. */
  url: string;
  /** 0 or 1. */
  paid: number;
  paid_at: string | null;
  created_at: string;
  /** The payment provider that issued the payment link: 'sandbox' or 'stripe'. */
  provider: string;
  /** The provider's own id for the payment (Stripe's Checkout Session id); null for the sandbox. */
  provider_ref: string | null;
}

/** A series of invoice numbers (prefix and year) and the last number it gave out. */
interface InvoiceNumberSeriesTable {
  series: string;
  last_number: number;
}

/** A paid invoice's document: its number and the frozen data its PDF is drawn from (InvoiceDocumentData, JSON). */
interface InvoiceDocumentsTable {
  invoice_id: string;
  number: string;
  issued_at: string;
  data: string;
  /** The PDF as issued; null until drawn (documents issued before migration 0019 are drawn on first download). */
  pdf: Uint8Array | null;
  pdf_sha256: string | null;
}

/** Every webhook event applied, so that a replayed or re-delivered event changes nothing. */
interface PaymentEventsTable {
  provider: string;
  event_id: string;
  processed_at: string;
}

/** A customer's profile picture: the checked image itself, so that any server instance can serve it. */
interface AvatarsTable {
  user_id: string;
  /** One of the contract's AVATAR_TYPES, found from the bytes (never from the upload's declared type). */
  content_type: string;
  bytes: Uint8Array;
  /** sha256 (hex) of `bytes`: the ETag, and (its first 16 characters) the `?v=` of the avatar URL. */
  sha256: string;
  updated_at: string;
}

/** One page visit as the browser reported it, plus what the server saw (time received, client address). */
interface VisitsTable {
  id: string;
  /** The signed-in user the visit belongs to; null when anonymous, unproven, or the account was deleted. */
  user_id: string | null;
  visitor: string;
  country_code: string | null;
  country_name: string | null;
  city: string | null;
  postal: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The address the browser's geolocation lookup reported (VisitRequest.IPv4). */
  ipv4: string | null;
  state: string | null;
  visit_date: string;
  visit_time: string;
  received_at: string;
  client_address: string;
}

/**
 * What an e-mailed one-time code is for. `email_change` proves an account without a password may move its
 * address (sent to the current one); `email_new` proves the new address is the customer's (sent to it).
 */
export type CodePurpose = 'password_reset' | 'verify_email' | 'email_change' | 'email_new' | 'two_factor';

/** The live e-mailed code of a user for one purpose (at most one: a new request replaces it). */
export interface EmailCodesTable {
  user_id: string;
  purpose: CodePurpose;
  /** The address the code was sent to: it proves nothing about any other address. */
  email: string;
  /** HMAC-SHA256 (hex) of the code, keyed with a server secret: the code itself is never stored. */
  code_hash: string;
  /** Tries made with this code, right or wrong; at the limit it stops working. */
  attempts: number;
  created_at: string;
  expires_at: string;
}

/** What a ticketed code is for (server/ways-in/tickets.ts). */
export type TicketPurpose = 'sign_in' | 'password_reset' | 'sign_in_totp';

/** A code sent by e-mail for one request, usable only with that request's ticket. */
export interface CodeTicketsTable {
  /** sha256 (hex) of the opaque ticket the requester holds. */
  ticket_hash: string;
  user_id: string;
  purpose: TicketPurpose;
  /** The address the code was sent to: the ticket is void once the account's address is another. */
  email: string;
  /** HMAC-SHA256 (hex) of the code, keyed with a server secret and bound to the ticket. */
  code_hash: string;
  /** Tries made with this ticket, right or wrong. */
  attempts: number;
  created_at: string;
  expires_at: string;
}

/** A message of the durable mail queue (server/mail/queue.ts). */
export interface MailQueueTable {
  id: string;
  /** What the message is, for logs and metrics: 'payment receipt', 'password reset code', ... */
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** The calendar invitation (MailCalendar) as JSON; null: none. */
  calendar: string | null;
  created_at: string;
  expires_at: string | null;
  next_attempt_at: string;
  attempts: number;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  ended_at: string | null;
  /** 'sent', 'gave_up', 'expired' or 'cancelled'. */
  end_reason: string | null;
}

interface MailAttachmentsTable {
  mail_id: string;
  position: number;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
}

interface NotificationsTable {
  id: string;
  user_id: string;
  /** 'welcome', 'invoice_paid', 'deletion_requested', ... */
  kind: string;
  text_en: string;
  created_at: string;
  seen_at: string | null;
}

/** An account's sign-in at an outside provider: the provider's subject id names one of our users. */
export interface IdentitiesTable {
  /** 'google'. */
  provider: string;
  /** The provider's stable, never reassigned id of its user (OpenID Connect `sub`). */
  subject: string;
  user_id: string;
  /** The e-mail address the provider reported when the identity was linked (lower-cased). */
  email: string;
  created_at: string;
}

/** A retried order's key (POST /api/invoices/create, header Idempotency-Key) and the invoice it made. */
interface IdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  invoice_id: string;
  /** The order's service title, delivery type and URL, joined: the same key may not name another order. */
  fingerprint: string;
  /** The payment link answered for it; null until the provider gave one. */
  payment_link: string | null;
  created_at: string;
}

/**
 * An invoice's order: where it stands in the order machine (machines/order.machine.ts) and what the office
 * added. One row per invoice, made with it. The report's bytes are read only by the download and never by
 * a listing.
 */
export interface OrdersTable {
  invoice_id: string;
  status: OrderStatus;
  /** The call's time (ISO), once scheduled; how to join it (a link, a number); why later than the promise. */
  scheduled_at: string | null;
  join_info: string | null;
  late_reason: string | null;
  delivered_at: string | null;
  /** The PDF report as sent to the customer, its file name and sha256 (hex). */
  report: Uint8Array | null;
  report_name: string | null;
  report_sha256: string | null;
  /** When the office was reminded that the promise runs out soon (once per order). */
  promise_reminded_at: string | null;
  /**
   * The office member who holds the call, and its minutes since the epoch from its start to the end of its
   * buffer; the database refuses two overlapping calls of one member (migration 0021).
   */
  call_member_id: string | null;
  call_start_minute: number | null;
  call_until_minute: number | null;
  /** 1 when the customer chose the call's time (migration 0022); their IANA zone, for their mails' times. */
  call_chosen_by_customer: Generated<number>;
  call_customer_zone: string | null;
  /** The calendar event's SEQUENCE: 0 when first set, one more with each move and the cancel. */
  call_sequence: number | null;
  /** The call time (ISO) the customer's reminder went for. */
  call_reminded_for: string | null;
  updated_at: string;
}

/** The sha256 (hex) of a booking link's token, and the order it opens (migration 0022). */
interface BookingLinksTable {
  token_hash: string;
  invoice_id: string;
  created_at: string;
}

/**
 * An office member's hours (docs/decisions/0042-customers-book-their-call.md), as wall-clock data read on the
 * company's clock: never a UTC time of day. No row: no hours yet.
 */
interface OfficeHoursTable {
  member_id: string;
  /** JSON text: each weekday's ranges, `{ monday: [{ start: '09:00', end: '17:00' }], … }`. */
  weekly: string;
  /** JSON text: the local dates off, sorted, without duplicates. */
  days_off: string;
  updated_at: string;
}

/** One change of an order's status: the audit trail the office sees. */
interface OrderEventsTable {
  id: string;
  invoice_id: string;
  from_status: OrderStatus;
  to_status: OrderStatus;
  /** Who made the change; null for the payment (and once the office member's account is deleted). */
  actor_user_id: string | null;
  /** Their name and e-mail as they were then, kept when the account is gone; null for the payment. */
  actor_name: string | null;
  actor_email: string | null;
  note: string | null;
  at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invoices: InvoicesTable;
  payment_events: PaymentEventsTable;
  email_codes: EmailCodesTable;
  code_tickets: CodeTicketsTable;
  mail_queue: MailQueueTable;
  mail_attachments: MailAttachmentsTable;
  notifications: NotificationsTable;
  avatars: AvatarsTable;
  visits: VisitsTable;
  identities: IdentitiesTable;
  idempotency_keys: IdempotencyKeysTable;
  server_secrets: ServerSecretsTable;
  job_leases: JobLeasesTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  invoice_number_series: InvoiceNumberSeriesTable;
  invoice_documents: InvoiceDocumentsTable;
  office_hours: OfficeHoursTable;
  booking_links: BookingLinksTable;
}

export type UserRow = Selectable<UsersTable>;
/** A user as the repository and sessions read it: with the sha256 of their avatar (null: none) for `toWireUser`. */
export type UserWithAvatar = UserRow & { avatar_sha256?: string | null };
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type NotificationRow = Selectable<NotificationsTable>;

/** A secret every instance must agree on (e.g. 'signing'), generated by the first instance that needs it. */
interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/**
 * An account's authenticator-app secret (docs/decisions/0028-totp-secrets-encrypted.md): made by the set-up,
 * in force once `users.totp_enabled_at` is set.
 */
interface TotpSecretsTable {
  user_id: string;
  /** The RFC 6238 secret, AES-256-GCM encrypted (server/ways-in/totp-key.ts): never the base32 text. */
  secret: string;
  /** The last time step whose code was accepted: a code works once, and no older one after it. */
  last_step: number | null;
  created_at: string;
}

/** One of an account's one-time recovery codes (`RECOVERY_CODE_COUNT`), kept only as a keyed hash. */
interface RecoveryCodesTable {
  user_id: string;
  /** `<key id>.<HMAC-SHA256 hex>` of the code (server/ways-in/recovery-codes.ts). */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** The last claim of a periodic job (e.g. 'cleanup'): it runs once per interval across all instances. */
interface JobLeasesTable {
  name: string;
  claimed_at: string;
  claimed_by: string;
}

/** A customer's passkey (WebAuthn credential): its public key only; the private key never leaves the authenticator. */
export interface PasskeysTable {
  /** Our id for it, the one the API names. */
  id: string;
  user_id: string;
  /** The authenticator's credential id, base64url. */
  credential_id: string;
  /** The COSE public key, as the authenticator gave it at registration. */
  public_key: Uint8Array;
  /** The signature counter last seen: a bigint column, which PostgreSQL returns as text. */
  counter: ColumnType<number | string, number, number>;
  /** The transports the browser reported, a JSON array of strings. */
  transports: string;
  /** What the customer called it ("Laptop", "Phone"). */
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** What a ceremony's challenge was made for (server/ways-in/passkey-challenges.ts). */
export type PasskeyChallengePurpose = 'registration' | 'authentication';

/** A challenge an answer has used: kept until it would have expired, so that it is never accepted twice. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: PasskeyChallengePurpose;
  used_at: string;
  expires_at: string;
}
