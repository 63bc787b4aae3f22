/**
 * Queries of the customer's call reminder (docs/product.md#booking). `orders.call_reminded_for` holds the call
 * time a reminder went for: a moved call's new time is not that one, so it is reminded again, and its old time can
 * no longer be claimed. A cancelled call is 'paid' again, without a time, and is never listed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A call to remind its customer of, with what the mail says. */
export interface CallToRemind {
  invoice_id: string;
  title: string;
  type: string;
  scheduled_at: string;
  join_info: string;
  call_customer_zone: string | null;
  customer_name: string;
  customer_email: string;
}

/**
 * Scheduled calls that start after `after` and at or before `until` (ISO times) whose reminder has not gone for
 * their current time, soonest first. A customer who deleted their account has no row to join: nobody to remind.
 */
export function listCallsToRemind(db: Kysely<Database>, after: string, until: string): Promise<CallToRemind[]> {
  return db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.id', 'orders.invoice_id')
    .innerJoin('users', 'users.id', 'invoices.user_id')
    .select([
      'orders.invoice_id',
      'invoices.title',
      'invoices.type',
      'orders.scheduled_at',
      'orders.join_info',
      'orders.call_customer_zone',
      'users.name as customer_name',
      'users.email as customer_email',
    ])
    .where('orders.status', '=', 'scheduled')
    .where('orders.join_info', 'is not', null)
    .where('orders.scheduled_at', '>', after)
    .where('orders.scheduled_at', '<=', until)
    .where((eb) =>
      eb.or([
        eb('orders.call_reminded_for', 'is', null),
        eb('orders.call_reminded_for', '<>', eb.ref('orders.scheduled_at')),
      ]),
    )
    .orderBy('orders.scheduled_at', 'asc')
    .orderBy('orders.invoice_id', 'asc')
    .$narrowType<{ scheduled_at: string; join_info: string }>()
    .execute();
}

/**
 * Claims the reminder of the call at `scheduledAt` (the time it was listed with): false when another run has it,
 * or the call moved or was cancelled meanwhile. One conditional UPDATE, which both databases apply atomically,
 * so of two runs at once exactly one wins.
 */
export async function claimCallReminder(
  db: Kysely<Database>,
  invoiceId: string,
  scheduledAt: string,
): Promise<boolean> {
  const claim = await db
    .updateTable('orders')
    .set({ call_reminded_for: scheduledAt })
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '=', scheduledAt)
    .where((eb) => eb.or([eb('call_reminded_for', 'is', null), eb('call_reminded_for', '<>', scheduledAt)]))
    .executeTakeFirst();
  return claim.numUpdatedRows === 1n;
}
