/**
 * A customer books, moves or cancels their call (docs/decisions/0042-customers-book-their-call.md), signed in
 * or from a mail's link. A start is booked only when `membersFreeAt` accepts it, from the same input the page's
 * slots came from; the call goes to a free office member, the one who held it first when they still can. The
 * database refuses a member two overlapping calls (migration 0021): a lost race tries the next free member,
 * and with none left the customer is told the time was taken. The change, its audit entry, the customer's
 * notification, a fresh booking link and the mail with its invitation commit together.
 */
import { SLOT_TAKEN_TEXT } from '#domain/booking';
import { membersFreeAt } from '#domain/bookingSlots';
import type { BookingRequest, BookingResponse } from '#domain/bookingContract';
import { isCallOverlap } from '../db/errors';
import { HttpError } from '../http/errors';
import { type OrderDetailRow, changeStatus, findCallHolder } from '../orders/repository';
import type { Services } from '../services';
import { type CallChange, type Customer, changedMeanwhile, recordCallChange } from './call-change';
import { assertCustomerMayChange } from './customer-order';
import { bookedCallOf, joinFor } from './booked-call';
import { findMemberName } from './repository';
import { slotInput } from './slot-input';
import { checkedTimeZone } from './time-zone';
import { formatCallTime } from '../mail/time';
import { callRangeMinutes } from '../orders/call-range';
import { nextStatus, orderStateOf } from '../orders/machine';

/** The members to try, in order: the one who holds the call already, then the others free then. */
function candidates(free: string[], holder: string | null): string[] {
  return holder !== null && free.includes(holder) ? [holder, ...free.filter((id) => id !== holder)] : free;
}

/** Books or moves the call; `created` when it was waiting for a time (201), not moved (200). */
export async function bookCall(
  services: Services,
  order: OrderDetailRow,
  request: BookingRequest,
  customer: Customer,
): Promise<{ created: boolean; answer: BookingResponse }> {
  const now = services.clock.now();
  assertCustomerMayChange(order, now, services.config);
  const timeZone = checkedTimeZone(request.timeZone);
  const start = new Date(request.start).toISOString();
  const input = await slotInput(services, now, order.id);
  const held = await findCallHolder(services.db, order.id);
  // A moved call keeps its way in (the room, or what the office gave); a new one gets its own.
  const join = order.join_info ?? joinFor(order.type, services.config);
  const sequence = (held.call_sequence ?? -1) + 1;
  for (const memberId of candidates(membersFreeAt(start, input), held.call_member_id)) {
    const change: CallChange = { order, start, join, timeZone, memberId, sequence, now };
    const booked = await tryToBook(services, change, customer);
    if (booked !== 'taken') {
      return { created: order.status === 'paid', answer: bookedCallOf(services.config, change, booked.memberName) };
    }
  }
  throw new HttpError(409, SLOT_TAKEN_TEXT);
}

/**
 * One attempt with one member: 'taken' when the database says they took another call then meanwhile. The holder's
 * name for the answer is read in the same transaction, so a committed booking is never answered with an error.
 */
async function tryToBook(
  services: Services,
  change: CallChange,
  customer: Customer,
): Promise<{ memberName: string | null } | 'taken'> {
  const { order, start, memberId, now } = change;
  const to = nextStatus(orderStateOf(order), { type: 'order.book', at: start });
  let memberName: string | null;
  try {
    memberName = await services.db.transaction().execute(async (trx) => {
      const moved = await changeStatus(trx, {
        invoiceId: order.id,
        from: order.status,
        scheduledAtWas: order.scheduled_at,
        to,
        set: {
          scheduled_at: start,
          join_info: change.join,
          late_reason: null,
          call_member_id: memberId,
          ...callRangeMinutes(Date.parse(start), services.config),
          call_chosen_by_customer: 1,
          call_customer_zone: change.timeZone,
          call_sequence: change.sequence,
        },
        actor: customer,
        note: bookingNote(order, start),
        now,
      });
      if (!moved) throw changedMeanwhile();
      await recordCallChange(trx, services, change, customer);
      return findMemberName(trx, memberId!);
    });
  } catch (error) {
    if (isCallOverlap(error)) return 'taken';
    throw error;
  }
  services.mail.kick();
  services.log.security('order.changed', { orderId: order.id, change: 'order.book', to, actorId: customer.id });
  return { memberName };
}

/** The audit entry's words, on the company's clock as the office reads them. */
function bookingNote(order: OrderDetailRow, start: string): string {
  const when = formatCallTime(new Date(start));
  return order.status === 'scheduled' && order.scheduled_at !== null
    ? `The customer moved the call from ${formatCallTime(new Date(order.scheduled_at))} to ${when}.`
    : `The customer booked the call for ${when}.`;
}
