/**
 * The calls an office member holds, for their "My hours" tab (docs/product.md#orders): the scheduled orders whose
 * call names them (orders.call_member_id, migration 0021), with each order's service and customer.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One held call: its order's service, its start (ISO), its customer (null once the account is deleted). */
export interface MemberCallRow {
  order_id: string;
  title: string;
  type: string;
  scheduled_at: string;
  customer_name: string | null;
  customer_email: string | null;
  call_chosen_by_customer: number;
}

/**
 * The member's scheduled calls that start after `startedAfter` (ISO; the caller puts it one call's length before
 * now, so a call under way is still listed), earliest first, at most `limit`.
 */
export async function listMemberCalls(
  db: Kysely<Database>,
  memberId: string,
  startedAfter: string,
  limit: number,
): Promise<MemberCallRow[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.id', 'orders.invoice_id')
    .leftJoin('users', 'users.id', 'invoices.user_id')
    .select([
      'orders.invoice_id as order_id',
      'invoices.title',
      'invoices.type',
      'orders.scheduled_at',
      'users.name as customer_name',
      'users.email as customer_email',
      'orders.call_chosen_by_customer',
    ])
    .where('orders.call_member_id', '=', memberId)
    .where('orders.status', '=', 'scheduled')
    .where('orders.scheduled_at', 'is not', null)
    .where('orders.scheduled_at', '>', startedAfter)
    .orderBy('orders.scheduled_at', 'asc')
    .orderBy('orders.invoice_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, scheduled_at: row.scheduled_at! }));
}
