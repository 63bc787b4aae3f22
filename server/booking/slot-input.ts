/**
 * What the slot function reads (docs/decisions/0042-customers-book-their-call.md): every office member's hours,
 * the calls already booked with who holds each, the settings and now. The slots a page shows and the check a
 * booking passes both start here, so they cannot disagree.
 */
import type { BookedCall, SlotSettings } from '#domain/booking';
import type { SlotInput } from '#domain/bookingSlots';
import { company } from '#domain/company';
import type { Services } from '../services';
import { hoursOf } from './hours';
import { listBookedCalls, listStaffHours } from './repository';

const MINUTE_MS = 60_000;

function slotSettings(config: Services['config']): SlotSettings {
  return {
    timeZone: company.timeZone,
    callMinutes: config.CALL_MINUTES,
    bufferMinutes: config.CALL_BUFFER_MINUTES,
    noticeMinutes: config.BOOKING_NOTICE_MINUTES,
    horizonDays: config.BOOKING_HORIZON_DAYS,
  };
}

/**
 * The slot function's input at `now`. The order being moved (`exceptOrderId`) does not count as booked: its own
 * time may be chosen again. A call nobody holds (set before calls had holders) keeps every member busy.
 */
export async function slotInput(
  { db, config }: Pick<Services, 'db' | 'config'>,
  now: Date,
  exceptOrderId: string | null,
): Promise<SlotInput> {
  const settings = slotSettings(config);
  const hours = (await listStaffHours(db)).map((row) => hoursOf(row.member_id, row));
  const callMs = settings.callMinutes * MINUTE_MS;
  // A call that ended with its buffer before now can no longer touch a slot, which starts after now.
  const since = new Date(now.getTime() - callMs - settings.bufferMinutes * MINUTE_MS).toISOString();
  const booked = (await listBookedCalls(db, since)).filter((call) => call.invoice_id !== exceptOrderId);
  const calls = booked.flatMap((call): BookedCall[] => {
    const end = new Date(Date.parse(call.scheduled_at) + callMs).toISOString();
    const holders = call.call_member_id !== null ? [call.call_member_id] : hours.map((member) => member.memberId);
    return holders.map((memberId) => ({ memberId, start: call.scheduled_at, end }));
  });
  return { hours, calls, settings, now: now.getTime() };
}
