/**
 * The export's queries (gather.ts shapes what they answer): each table with a user_id, read by that id only.
 * Columns are chosen one by one, so no secret (password hash, token hash, TOTP secret, recovery code hash,
 * e-mailed code) is read (docs/data-export.md).
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** The account's own columns; the password's hash only as whether there is one. */
export function readAccount(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified', 'role', 'created_at', 'updated_at', 'last_login'])
    .select(['deletion_scheduled_for', 'totp_enabled_at', 'billing_name', 'billing_address', 'billing_vat_number'])
    .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The rows of the account's ways in: Google links, recovery codes left, passkeys, sessions. */
export async function readSignIn(db: Kysely<Database>, userId: string) {
  const [identities, recoveryLeft, passkeys, sessions] = await Promise.all([
    db
      .selectFrom('identities')
      .select(['provider', 'email', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('passkeys')
      .select(['name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_used_at', 'expires_at', 'revoked_at', 'second_factor'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { identities, recoveryLeft, passkeys, sessions };
}

export function readAvatar(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('avatars')
    .select(['content_type', 'bytes', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The account's invoices with their documents and orders (the report's bytes too), oldest first. */
export function readInvoices(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('invoices')
    .leftJoin('invoice_documents', 'invoice_documents.invoice_id', 'invoices.id')
    .leftJoin('orders', 'orders.invoice_id', 'invoices.id')
    .select([
      'invoices.id',
      'invoices.title',
      'invoices.type',
      'invoices.url',
      'invoices.amount_pence',
      'invoices.paid',
      'invoices.paid_at',
      'invoices.created_at',
      'invoices.provider',
      'invoice_documents.number',
      'invoice_documents.issued_at',
      'invoice_documents.data',
      'orders.status',
      'orders.scheduled_at',
      'orders.join_info',
      'orders.late_reason',
      'orders.delivered_at',
      'orders.report',
      'orders.report_name',
    ])
    .where('invoices.user_id', '=', userId)
    .orderBy('invoices.created_at')
    .orderBy('invoices.id')
    .execute();
}

export type ExportInvoiceRow = Awaited<ReturnType<typeof readInvoices>>[number];

export function readNotifications(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['kind', 'text_en', 'created_at', 'seen_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function readVisits(db: Kysely<Database>, userId: string) {
  return db.selectFrom('visits').selectAll().where('user_id', '=', userId).orderBy('received_at').execute();
}

/** The history of the given orders (by their invoices' ids), oldest first. */
export async function readOrderHistory(db: Kysely<Database>, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('order_events')
    .select(['invoice_id', 'from_status', 'to_status', 'actor_name', 'note', 'at'])
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export type ExportHistoryRow = Awaited<ReturnType<typeof readOrderHistory>>[number];
