/**
 * What the office does to a paid order: schedule (or move) a call, send the report, mark it delivered. Each
 * is checked with the order machine (409 with the reason when it says no), written with its audit entry,
 * the customer's notification and the customer's mail (the durable queue, server/mail/queue.ts) in one
 * transaction; the mail goes once it commits, retried while the mail server is away.
 * An order whose customer deleted the account is still worked, without notification or mail.
 */
import { addNotification, notificationTexts } from '../notifications/notifications';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { isStaff } from '#domain/orders';
import { STAFF_ONLY_TEXT } from '../ways-in/require-auth';
import { enqueueMail } from '../mail/queue';
import { callScheduledMail, orderDeliveredMail, reportSentMail } from '../mail/order-messages';
import { formatCallTime } from '../mail/time';
import type { Services } from '../services';
import type { MailCalendar } from '../mail/mailer';
import { callInvitation } from './calendar';
import { callRangeMinutes } from './call-range';
import { bookingLinkUrl, newBookingToken } from './booking-links-repository';
import { nextStatus, orderStateOf } from './machine';
import { type OrderChanges, type OrderDetailRow, changeStatus, findActorRole, findCallHolder } from './repository';
import { isCallOverlap } from '../db/errors';

import { type OrderEvent, promiseDeadline } from '#machines/order.machine';

export const CHANGED_MEANWHILE_TEXT = 'Someone else changed this order a moment ago. Please reload it and try again.';

/** The customer to tell, when the account still exists. */
function customerOf(order: OrderDetailRow): { id: string; name: string; email: string } | null {
  return order.user_id !== null && order.customer_name !== null && order.customer_email !== null
    ? { id: order.user_id, name: order.customer_name, email: order.customer_email }
    : null;
}

/**
 * Checks `event` against the machine, then writes the move from the status it was checked on, its audit
 * entry and whatever `alsoInTransaction` adds; a 409 when the order moved meanwhile.
 */
async function apply<T>(
  services: Services,
  order: OrderDetailRow,
  event: OrderEvent,
  change: { actor: UserRow; set: OrderChanges; note: string | null; now: Date; scheduledAtWas?: string | null },
  alsoInTransaction: (trx: Services['db']) => Promise<T>,
): Promise<T> {
  const from = order.status;
  const to = nextStatus(orderStateOf(order), event);
  const result = await services.db.transaction().execute(async (trx) => {
    // The role is asked again as the change commits: an upload of seconds, or a request begun before an admin
    // revoked the role, must not land for someone who is no longer in the office.
    const role = await findActorRole(trx, change.actor.id);
    if (role === undefined || !isStaff(role)) throw new HttpError(403, STAFF_ONLY_TEXT);
    const moved = await changeStatus(trx, {
      invoiceId: order.id,
      from,
      to,
      set: change.set,
      actor: change.actor,
      note: change.note,
      now: change.now,
      ...(change.scheduledAtWas !== undefined ? { scheduledAtWas: change.scheduledAtWas } : {}),
    });
    if (!moved) throw new HttpError(409, CHANGED_MEANWHILE_TEXT);
    return alsoInTransaction(trx);
  });
  services.log.security('order.changed', { orderId: order.id, change: event.type, from, to, actorId: change.actor.id });
  // The customer's mail, queued with the change, goes now that it is committed.
  services.mail.kick();
  return result;
}

/** Throws the machine's 409 now, before a large upload is read, when `event` could not apply anyway. */
export function assertAllowed(order: OrderDetailRow, event: OrderEvent): void {
  nextStatus(orderStateOf(order), event);
}

export async function scheduleCall(
  services: Services,
  order: OrderDetailRow,
  request: { actor: UserRow; at: Date; join: string; reason: string | null },
): Promise<void> {
  const { clock, config } = services;
  const now = clock.now();
  const at = request.at.toISOString();
  const moved = order.status === 'scheduled' && order.scheduled_at !== null;
  const deadline = order.paid_at !== null ? promiseDeadline(order.paid_at) : null;
  // A reason is kept (and told to the customer) only for a call later than the promise, which is what it explains.
  const late = deadline !== null && request.at.getTime() > deadline.getTime();
  const lateReason = late ? request.reason : null;
  const when = formatCallTime(request.at);
  const note = [
    moved ? `Moved from ${formatCallTime(new Date(order.scheduled_at!))} to ${when}.` : `Call set for ${when}.`,
    ...(lateReason ? [`Reason for the delay: ${lateReason}`] : []),
  ].join(' ');
  const event = { type: 'order.schedule', at, join: request.join, reason: request.reason } as const;
  const customer = customerOf(order);
  const held = await findCallHolder(services.db, order.id);
  const sequence = (held.call_sequence ?? -1) + 1;
  // The member who held the call keeps it; a call nobody held yet goes to whoever sets it, when they are free.
  const preferredHolder = held.call_member_id ?? request.actor.id;
  const set: OrderChanges = {
    scheduled_at: at,
    join_info: request.join,
    late_reason: lateReason,
    ...callRangeMinutes(request.at.getTime(), config),
    call_chosen_by_customer: 0,
    call_sequence: sequence,
  };
  const told = {
    customer,
    at,
    join: request.join,
    lateReason,
    moved,
    sequence,
    customerZone: held.call_customer_zone,
    now,
  };
  const write = (holder: string | null) =>
    apply(
      services,
      order,
      event,
      { actor: request.actor, set: { ...set, call_member_id: holder }, note, now, scheduledAtWas: order.scheduled_at },
      (trx) => tellScheduled(trx, services, order, told),
    );
  try {
    await write(preferredHolder);
  } catch (error) {
    // The office sets a call by hand whatever the holder's diary says, as it always could: then nobody holds
    // it, and it keeps every member busy at that time for the customers' slots (server/booking/slot-input.ts).
    if (!isCallOverlap(error)) throw error;
    await write(null);
  }
}

/** The customer's notification and mail of a call the office set or moved. */
async function tellScheduled(
  trx: Services['db'],
  services: Services,
  order: OrderDetailRow,
  told: {
    customer: ReturnType<typeof customerOf>;
    at: string;
    join: string;
    lateReason: string | null;
    moved: boolean;
    sequence: number;
    customerZone: string | null;
    now: Date;
  },
): Promise<void> {
  const { config, log } = services;
  const { customer, at, join, moved, sequence, now } = told;
  if (!customer) return;
  await addNotification(trx, {
    userId: customer.id,
    kind: 'order_scheduled',
    text: notificationTexts.orderScheduled(order.title, new Date(at), join, moved),
    now,
  });
  // The change stands, and the customer is told, even when its invitation cannot be made: that is logged.
  let calendar: MailCalendar | null = null;
  try {
    calendar = await callInvitation(
      {
        invoiceId: order.id,
        title: order.title,
        type: order.type,
        at,
        join,
        customer,
        sequence,
        publicUrl: config.PUBLIC_URL,
        minutes: config.CALL_MINUTES,
        organizer: config.OFFICE_EMAIL,
        stamp: now,
      },
      'REQUEST',
    );
  } catch (err) {
    log.logger.error(
      { event: 'order.invitation_failed', orderId: order.id, err },
      'the invitation could not be made; the mail goes without it',
    );
  }
  const message = callScheduledMail({
    to: customer.email,
    name: customer.name,
    title: order.title,
    type: order.type,
    at: new Date(at),
    join,
    reason: told.lateReason,
    moved,
    publicUrl: config.PUBLIC_URL,
    calendar,
    // The customer may move or cancel it from the mail too, as a call they booked (docs/product.md#booking).
    bookingUrl: bookingLinkUrl(config.PUBLIC_URL, await newBookingToken(trx, order.id, now)),
    customerZone: told.customerZone,
  });
  await enqueueMail(trx, message, { kind: moved ? 'call moved' : 'call scheduled', now });
}

export async function sendReport(
  services: Services,
  order: OrderDetailRow,
  report: { actor: UserRow; fileName: string; bytes: Uint8Array; sha256: string },
): Promise<void> {
  const { clock, config } = services;
  const now = clock.now();
  const again = order.status === 'reportSent';
  const customer = customerOf(order);
  await apply(
    services,
    order,
    { type: 'order.sendReport' },
    {
      actor: report.actor,
      set: { report: report.bytes, report_name: report.fileName, report_sha256: report.sha256 },
      note: `${again ? 'Report sent again' : 'Report sent'}: ${report.fileName} (${report.bytes.byteLength} bytes).`,
      now,
    },
    async (trx) => {
      if (!customer) return;
      await addNotification(trx, {
        userId: customer.id,
        kind: 'order_report_sent',
        text: notificationTexts.orderReportSent(order.title),
        now,
      });
      const message = reportSentMail({
        to: customer.email,
        name: customer.name,
        title: order.title,
        fileName: report.fileName,
        report: report.bytes,
        publicUrl: config.PUBLIC_URL,
      });
      await enqueueMail(trx, message, { kind: 'report', now });
    },
  );
}

export async function deliverOrder(services: Services, order: OrderDetailRow, actor: UserRow): Promise<void> {
  const { clock, config } = services;
  const now = clock.now();
  const customer = customerOf(order);
  await apply(
    services,
    order,
    { type: 'order.deliver', at: now.toISOString() },
    { actor, set: { delivered_at: now.toISOString() }, note: null, now },
    async (trx) => {
      if (!customer) return;
      await addNotification(trx, {
        userId: customer.id,
        kind: 'order_delivered',
        text: notificationTexts.orderDelivered(order.title, now),
        now,
      });
      const message = orderDeliveredMail({
        to: customer.email,
        name: customer.name,
        title: order.title,
        deliveredAt: now,
        publicUrl: config.PUBLIC_URL,
      });
      await enqueueMail(trx, message, { kind: 'order delivered', now });
    },
  );
}
