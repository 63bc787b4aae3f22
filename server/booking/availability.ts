/**
 * "My hours" (GET and PUT /api/office/availability): an office member reads and sets their own hours; an admin
 * anyone's in the office, named by `?member=<id>` (docs/product.md#booking).
 */
import type { AvailabilityRequest, AvailabilityResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import { isStaff } from '#domain/orders';
import { isWellFormedId } from '../db/ids';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { findStaffMember } from '../users/roles-repository';
import { hoursOf, keptDaysOff, rowOf } from './hours';
import { listMemberCalls, type MemberCallRow } from './member-calls-repository';
import { findHours, saveHours } from './repository';

export const NO_SUCH_MEMBER_TEXT = 'No such office member.';
export const OTHERS_HOURS_TEXT = "Only an admin may see or set another office member's hours.";

/**
 * Whose hours a request is about: the signed-in member's, or with `member` another's, for an admin only (403
 * for an office member); 404 when that account is not in the office.
 */
export async function memberOf(db: Services['db'], viewer: UserRow, member: string | undefined): Promise<string> {
  if (member === undefined || member === viewer.id) return viewer.id;
  if (viewer.role !== 'admin') throw new HttpError(403, OTHERS_HOURS_TEXT);
  const found = isWellFormedId(member) ? await findStaffMember(db, { id: member }) : undefined;
  if (!found || !isStaff(found.role)) throw new HttpError(404, NO_SUCH_MEMBER_TEXT);
  return found.id;
}

/** The most calls the tab lists: far more than a member holds within the booking's horizon. */
const MEMBER_CALLS_MAX = 100;

const MINUTE_MS = 60_000;

type MemberCall = AvailabilityResponse['calls'][number];

function callOf(row: MemberCallRow, callMinutes: number): MemberCall {
  return {
    orderId: row.order_id,
    title: row.title,
    type: row.type,
    start: row.scheduled_at,
    end: new Date(Date.parse(row.scheduled_at) + callMinutes * MINUTE_MS).toISOString(),
    customer:
      row.customer_name !== null && row.customer_email !== null
        ? { name: row.customer_name, email: row.customer_email }
        : null,
    chosenByCustomer: row.call_chosen_by_customer === 1,
  };
}

/** The calls the member holds that have not ended at `now`: one that has begun is still theirs to take. */
async function memberCalls(
  { db, config }: Pick<Services, 'db' | 'config'>,
  memberId: string,
  now: Date,
): Promise<MemberCall[]> {
  const startedAfter = new Date(now.getTime() - config.CALL_MINUTES * MINUTE_MS).toISOString();
  const rows = await listMemberCalls(db, memberId, startedAfter, MEMBER_CALLS_MAX);
  return rows.map((row) => callOf(row, config.CALL_MINUTES));
}

function responseOf(hours: ReturnType<typeof hoursOf>, calls: MemberCall[]): AvailabilityResponse {
  return { memberId: hours.memberId, timeZone: company.timeZone, weekly: hours.weekly, daysOff: hours.daysOff, calls };
}

type HoursServices = Pick<Services, 'db' | 'config' | 'clock'>;

/** The member's hours (none on any day when they never set them) and the calls they hold. */
export async function readAvailability(services: HoursServices, memberId: string): Promise<AvailabilityResponse> {
  const { db, clock } = services;
  const hours = hoursOf(memberId, await findHours(db, memberId));
  return responseOf(hours, await memberCalls(services, memberId, clock.now()));
}

/** Replaces the member's hours; days off are kept sorted, once each, and none before today. */
export async function saveAvailability(
  services: HoursServices,
  memberId: string,
  request: AvailabilityRequest,
): Promise<AvailabilityResponse> {
  const now = services.clock.now();
  const hours = { memberId, weekly: request.weekly, daysOff: keptDaysOff(request.daysOff, now, company.timeZone) };
  await saveHours(services.db, rowOf(hours), now);
  return responseOf(hours, await memberCalls(services, memberId, now));
}
