/**
 * The database's tables as TypeScript sees them (Kysely's typed schema).
 * Column names are snake_case as in SQL; conversion to the wire format happens in one place
 * (`toWireUser`), not through a naming plugin, so a reader sees the real column names in queries.
 * Times are ISO 8601 text in UTC (`Date#toISOString`), which sorts and compares as text.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
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
}

export interface InvoicesTable {
  id: string;
  user_id: string;
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

/** Every webhook event applied, so that a replayed or re-delivered event changes nothing. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  processed_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invoices: InvoicesTable;
  payment_events: PaymentEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
