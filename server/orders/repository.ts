/**
 * Queries on orders (one row per invoice) and their audit trail. A status changes only through
 * `changeStatus`: one conditional UPDATE on the status the change was checked against, so of two office
 * members acting on the same order at once exactly one wins (the other is told it changed meanwhile),
 * and its audit entry in the same transaction. The report's bytes are selected by `findReport` only.
 */
import type { Kysely } from 'kysely';
import type { OrderStatus } from '#domain/orders';
import type { OfficeView } from '#domain/officeContract';
import { isWellFormedId, newOrderedId } from '../db/ids';
import { preparedQuery } from '../db/prepared';
import { lockCallDiary } from './call-diary-repository';
import type { Database, OrdersTable } from '../db/schema';

/** The most orders the unpaid and delivered lists show (newest first); the queue is always whole. */
const OFFICE_LIST_LIMIT = 200;

/** An invoice with its order and its customer (null once the account is deleted), without the report's bytes. */
export interface OrderDetailRow {
  id: string;
  user_id: string | null;
  title: string;
  type: string;
  url: string;
  amount_pence: number;
  created_at: string;
  paid_at: string | null;
  provider: string;
  status: OrderStatus;
  scheduled_at: string | null;
  join_info: string | null;
  late_reason: string | null;
  delivered_at: string | null;
  report_name: string | null;
  promise_reminded_at: string | null;
  customer_name: string | null;
  customer_email: string | null;
  /** The invoice document's number, once issued (docs/invoices.md). */
  document_number: string | null;
  /** The office member who holds the call, and their name (null once the account is deleted). */
  call_member_id: string | null;
  call_member_name: string | null;
  /** 1 when the customer chose the call's time, with their IANA zone then (migration 0022). */
  call_chosen_by_customer: number;
  call_customer_zone: string | null;
}

export interface AuditRow {
  invoice_id: string;
  from_status: OrderStatus;
  to_status: OrderStatus;
  note: string | null;
  at: string;
  actor_name: string | null;
  actor_email: string | null;
}

/** The order of a new invoice: awaiting payment. `db` is the invoice's own transaction. */
const insertAwaitingOrder = preparedQuery((db: Kysely<Database>, invoiceId: string, updatedAt: string) =>
  db.insertInto('orders').values({ invoice_id: invoiceId, status: 'awaitingPayment', updated_at: updatedAt }),
);

export async function insertOrder(db: Kysely<Database>, invoiceId: string, now: Date): Promise<void> {
  await insertAwaitingOrder(db, invoiceId, now.toISOString());
}

function selectDetails(db: Kysely<Database>) {
  return db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.invoice_id', 'invoices.id')
    .leftJoin('users', 'users.id', 'invoices.user_id')
    .leftJoin('invoice_documents', 'invoice_documents.invoice_id', 'invoices.id')
    .leftJoin('users as call_members', 'call_members.id', 'orders.call_member_id')
    .select([
      'invoices.id',
      'invoices.user_id',
      'invoices.title',
      'invoices.type',
      'invoices.url',
      'invoices.amount_pence',
      'invoices.created_at',
      'invoices.paid_at',
      'invoices.provider',
      'orders.status',
      'orders.scheduled_at',
      'orders.join_info',
      'orders.late_reason',
      'orders.delivered_at',
      'orders.report_name',
      'orders.promise_reminded_at',
      'users.name as customer_name',
      'users.email as customer_email',
      'invoice_documents.number as document_number',
      'orders.call_member_id',
      'call_members.name as call_member_name',
      'orders.call_chosen_by_customer',
      'orders.call_customer_zone',
    ]);
}

export async function findOrder(db: Kysely<Database>, invoiceId: string): Promise<OrderDetailRow | undefined> {
  if (!isWellFormedId(invoiceId)) return undefined;
  return selectDetails(db).where('invoices.id', '=', invoiceId).executeTakeFirst();
}

/** One of the office's lists (domain/orders.ts OFFICE_VIEWS), in the order the office works through it. */
export function listOrders(db: Kysely<Database>, view: OfficeView): Promise<OrderDetailRow[]> {
  const query = selectDetails(db);
  switch (view) {
    case 'queue':
      // Oldest payment first: the order whose promise runs out soonest is on top.
      return query
        .where('orders.status', 'in', ['paid', 'scheduled', 'reportSent'])
        .orderBy('invoices.paid_at', 'asc')
        .orderBy('invoices.id', 'asc')
        .execute();
    case 'unpaid':
      return newestFirst('awaitingPayment', 'invoices.created_at');
    case 'delivered':
      return newestFirst('delivered', 'orders.delivered_at');
  }
  function newestFirst(status: OrderStatus, by: 'invoices.created_at' | 'orders.delivered_at') {
    return query
      .where('orders.status', '=', status)
      .orderBy(by, 'desc')
      .orderBy('invoices.id', 'desc')
      .limit(OFFICE_LIST_LIMIT)
      .execute();
  }
}

/**
 * Paid orders neither scheduled nor delivered whose payment is at or before `paidBy`, oldest first: the
 * promise reminder's candidates ('paid' only, as a scheduled call or a sent report has kept the promise).
 */
export function listUnremindedPaidBy(db: Kysely<Database>, paidBy: string): Promise<OrderDetailRow[]> {
  return selectDetails(db)
    .where('orders.status', '=', 'paid')
    .where('orders.promise_reminded_at', 'is', null)
    .where('invoices.paid_at', 'is not', null)
    .where('invoices.paid_at', '<=', paidBy)
    .orderBy('invoices.paid_at', 'asc')
    .execute();
}

/** The audit entries of these orders, oldest first, with who made each change (as they were then). */
export async function listAudit(db: Kysely<Database>, invoiceIds: string[]): Promise<AuditRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('order_events')
    .select([
      'order_events.invoice_id',
      'order_events.from_status',
      'order_events.to_status',
      'order_events.note',
      'order_events.at',
      'order_events.actor_name',
      'order_events.actor_email',
    ])
    .where('order_events.invoice_id', 'in', invoiceIds)
    .orderBy('order_events.at', 'asc')
    .orderBy('order_events.id', 'asc')
    .execute();
}

export type OrderChanges = Partial<
  Pick<
    OrdersTable,
    | 'scheduled_at'
    | 'join_info'
    | 'late_reason'
    | 'delivered_at'
    | 'report'
    | 'report_name'
    | 'report_sha256'
    | 'call_member_id'
    | 'call_start_minute'
    | 'call_until_minute'
    | 'call_customer_zone'
    | 'call_sequence'
    | 'call_reminded_for'
  > & { call_chosen_by_customer: number }
>;

/**
 * Moves the order from `from` to `to` (a move the caller checked with the order machine) with its changes,
 * and records who did it. False when the order is no longer in `from`: someone else changed it meanwhile.
 * `db` should be a transaction, so that the entry and the change commit together, and so that a call given to a
 * member is written with the member's diary locked.
 */
export async function changeStatus(
  db: Kysely<Database>,
  change: {
    invoiceId: string;
    from: OrderStatus;
    to: OrderStatus;
    set?: OrderChanges;
    /**
     * The call's time the change was checked against, when it matters: a move from 'scheduled' to 'scheduled'
     * keeps the status, so only the time tells that another move landed meanwhile.
     */
    scheduledAtWas?: string | null;
    /** Who made the change; null for the payment. */
    actor: { id: string; name: string; email: string } | null;
    note: string | null;
    now: Date;
  },
): Promise<boolean> {
  const at = change.now.toISOString();
  const holder = change.set?.call_member_id;
  if (typeof holder === 'string') await lockCallDiary(db, holder);
  let update = db
    .updateTable('orders')
    .set({ ...change.set, status: change.to, updated_at: at })
    .where('invoice_id', '=', change.invoiceId)
    .where('status', '=', change.from);
  if (change.scheduledAtWas !== undefined) {
    update =
      change.scheduledAtWas === null
        ? update.where('scheduled_at', 'is', null)
        : update.where('scheduled_at', '=', change.scheduledAtWas);
  }
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return false;
  await db
    .insertInto('order_events')
    .values({
      id: newOrderedId(),
      invoice_id: change.invoiceId,
      from_status: change.from,
      to_status: change.to,
      actor_user_id: change.actor?.id ?? null,
      actor_name: change.actor?.name ?? null,
      actor_email: change.actor?.email ?? null,
      note: change.note,
      at,
    })
    .execute();
  return true;
}

/**
 * What an order's call holds beyond its time (migrations 0021, 0022): who has it and their name, its calendar
 * SEQUENCE (null: never set), the customer's zone, whether the customer chose it.
 */
export function findCallHolder(db: Kysely<Database>, invoiceId: string) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.call_member_id')
    .select([
      'orders.call_member_id',
      'users.name as member_name',
      'orders.call_sequence',
      'orders.call_customer_zone',
      'orders.call_chosen_by_customer',
    ])
    .where('orders.invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

/** The report of the customer's own order; undefined for anyone else's, or when none was sent. */
export async function findReport(
  db: Kysely<Database>,
  invoiceId: string,
  userId: string,
): Promise<{ report: Uint8Array; report_name: string } | undefined> {
  if (!isWellFormedId(invoiceId)) return undefined;
  const row = await db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.id', 'orders.invoice_id')
    .select(['orders.report', 'orders.report_name'])
    .where('orders.invoice_id', '=', invoiceId)
    .where('invoices.user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.report === null || row.report_name === null) return undefined;
  return { report: row.report, report_name: row.report_name };
}

/** Marks the order's promise reminder as sent unless it already was; false when another run claimed it first. */
export async function claimReminder(db: Kysely<Database>, invoiceId: string, claimedAt: string): Promise<boolean> {
  const claim = await db
    .updateTable('orders')
    .set({ promise_reminded_at: claimedAt })
    .where('invoice_id', '=', invoiceId)
    .where('promise_reminded_at', 'is', null)
    .executeTakeFirst();
  return claim.numUpdatedRows === 1n;
}

/** The role of the office member changing an order, read in the change's transaction; undefined when gone. */
export async function findActorRole(db: Kysely<Database>, userId: string) {
  const actor = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return actor?.role;
}
