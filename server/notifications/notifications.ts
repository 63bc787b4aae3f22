/** The customer's notifications: written by the events they describe, listed newest first, marked seen. */
import type { Kysely } from 'kysely';
import type { NotificationWire } from '#domain/contract';
import { company } from '#domain/company';
import { newOrderedId } from '../db/ids';
import type { Database, NotificationRow } from '../db/schema';
import { formatLongDate, formatPounds } from '../mail/messages';
import { formatCallTime, formatCompanyDay } from '../mail/time';
import { insertNotification } from './repository';

// The listing's queries, named here still for the routes that read them.
export { NOTIFICATIONS_LIMIT, listNotifications, markAllSeen, markKindSeen, markSeen } from './repository';

export type NotificationKind =
  | 'welcome'
  | 'invoice_paid'
  | 'deletion_requested'
  | 'deletion_cancelled'
  | 'order_scheduled'
  | 'order_booking_cancelled'
  | 'order_report_sent'
  | 'order_delivered'
  | 'password_reset';

export const notificationTexts = {
  welcome: () =>
    `Welcome to ${company.name}! Your account is ready: browse our services and order a consultation whenever you like.`,
  invoicePaid: (title: string, amountPence: number) =>
    `Your payment for ${title} (${formatPounds(amountPence)}) was received. We will deliver within one day.`,
  deletionRequested: (on: Date) =>
    `Your account is scheduled for deletion on ${formatLongDate(on)}. Cancel the deletion before then to keep it.`,
  deletionCancelled: () =>
    'The deletion of your account was cancelled: your account stays open, with everything in it.',
  orderScheduled: (title: string, at: Date, join: string, moved: boolean) =>
    `Your call for ${title} ${moved ? 'has moved to' : 'is booked for'} ${formatCallTime(at)}. How to join: ${join}`,
  orderBookingCancelled: (title: string) =>
    `You cancelled your call for ${title}. Choose a new time on your invoices whenever you like.`,
  orderReportSent: (title: string) =>
    `Your report for ${title} was e-mailed to you. You can also download it from your invoices.`,
  /** `removed`: the other ways in the reset removed, described (domain/waysIn.ts). */
  passwordReset: (removed: readonly string[]) =>
    `Your password was reset and every device was signed out.${removed.length === 0 ? '' : ` Removed with it: ${removed.join(', ')}.`}`,
  orderDelivered: (title: string, at: Date) =>
    `Your order for ${title} was delivered on ${formatCompanyDay(at)}. Thank you for choosing ${company.name}.`,
};

/** `db` may be a transaction, so that a notification is written together with the event it reports. */
export async function addNotification(
  db: Kysely<Database>,
  fields: { userId: string; kind: NotificationKind; text: string; now: Date },
): Promise<NotificationRow> {
  const row: NotificationRow = {
    id: newOrderedId(),
    user_id: fields.userId,
    kind: fields.kind,
    text_en: fields.text,
    created_at: fields.now.toISOString(),
    seen_at: null,
  };
  await insertNotification(db, row);
  return row;
}

export function toWireNotification(row: NotificationRow): NotificationWire {
  return { id: row.id, text: { en: row.text_en }, createdAt: row.created_at, seen: row.seen_at !== null };
}
