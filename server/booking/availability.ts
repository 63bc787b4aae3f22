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

function responseOf(hours: ReturnType<typeof hoursOf>): AvailabilityResponse {
  return { memberId: hours.memberId, timeZone: company.timeZone, weekly: hours.weekly, daysOff: hours.daysOff };
}

/** The member's hours; none on any day when they never set them. */
export async function readAvailability(db: Services['db'], memberId: string): Promise<AvailabilityResponse> {
  return responseOf(hoursOf(memberId, await findHours(db, memberId)));
}

/** Replaces the member's hours; days off are kept sorted, once each, and none before today. */
export async function saveAvailability(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  memberId: string,
  request: AvailabilityRequest,
): Promise<AvailabilityResponse> {
  const now = clock.now();
  const hours = { memberId, weekly: request.weekly, daysOff: keptDaysOff(request.daysOff, now, company.timeZone) };
  await saveHours(db, rowOf(hours), now);
  return responseOf(hours);
}
