/**
 * The one code path that marks an invoice paid, called by the sandbox checkout's Pay and by the Stripe
 * webhook alike. Idempotent and race-free: the update only matches an unpaid invoice, so of two payments
 * arriving at once exactly one wins, and the first paid_at is never overwritten.
 * The payment that wins also notifies the customer (in the same transaction) and, when given a mailer,
 * e-mails a receipt in the background: a failed send is logged and never fails the payment.
 */
import type { Kysely } from 'kysely';
import { addNotification, notificationTexts } from '../account/notifications';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import { type Mailer, sendInBackground } from '../mail/mailer';
import { receiptMail } from '../mail/messages';
import type { ProviderName } from './provider';

export interface PaymentConfirmation {
  provider: ProviderName;
  /** The provider's id of the payment, when it has one; kept on the invoice. */
  reference: string | null;
  at: Date;
}

export type PaidEffects = {
  /** For the receipt's link to the invoices page. */
  publicUrl?: string;
  /** Where the payment is recorded as a security event. */
  log?: ServerLog;
} & (
  | { mailer?: undefined }
  | {
      /** Sends the receipt; without it no receipt is sent (the notification is written regardless). */
      mailer: Mailer;
      /** Where a failed send is reported. */
      log: ServerLog;
    }
);

/** True when this call marked the invoice paid; false when it was already paid or does not exist. */
export async function markInvoicePaid(
  db: Kysely<Database>,
  invoiceId: string,
  { provider, reference, at }: PaymentConfirmation,
  effects: PaidEffects = {},
): Promise<boolean> {
  const apply = async (trx: Kysely<Database>) => {
    const result = await trx
      .updateTable('invoices')
      .set({ paid: 1, paid_at: at.toISOString(), provider, ...(reference !== null ? { provider_ref: reference } : {}) })
      .where('id', '=', invoiceId)
      .where('paid', '=', 0)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return null;
    const paid = await trx
      .selectFrom('invoices')
      .innerJoin('users', 'users.id', 'invoices.user_id')
      .select(['users.id as user_id', 'invoices.title', 'invoices.type', 'invoices.url', 'invoices.amount_pence'])
      .select(['users.email', 'users.name'])
      .where('invoices.id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    await addNotification(trx, {
      userId: paid.user_id,
      kind: 'invoice_paid',
      text: notificationTexts.invoicePaid(paid.title, paid.amount_pence),
      now: at,
    });
    return paid;
  };
  // The Stripe webhook calls this inside its own transaction (SQLite has no nested ones).
  const paid = db.isTransaction ? await apply(db) : await db.transaction().execute(apply);
  if (!paid) return false;
  effects.log?.security('payment.paid', { invoiceId, userId: paid.user_id, provider, reference });

  if (effects.mailer) {
    const { mailer, log } = effects;
    const message = receiptMail({
      to: paid.email,
      name: paid.name,
      invoiceId,
      title: paid.title,
      type: paid.type,
      url: paid.url,
      amountPence: paid.amount_pence,
      paidAt: at,
      publicUrl: effects.publicUrl ?? '',
    });
    // After the caller's transaction has committed (the webhook's commits right after this returns).
    setImmediate(() => void sendInBackground(mailer, message, 'payment receipt', log));
  }
  return true;
}
