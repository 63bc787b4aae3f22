/**
 * The "My hours" editor's machine (machines/officeHours.machine.ts): sample events, answers and failures, for
 * its path test and, later, its browser model. Monday is full (no range may be added), Tuesday empty.
 */
import type { SnapshotFrom } from 'xstate';
import type { AvailabilityResponse } from '#domain/bookingContract';
import { hoursProblem } from '#machines/lib/officeHoursProblem';
import { hoursRequest, NO_HOURS, type officeHoursMachine } from '#machines/officeHours.machine';
import type { PathTestOptions } from '#toolkit';
import { staffAdmin, staffOffice } from './fixtures';

type Samples = Pick<
  PathTestOptions<typeof officeHoursMachine>,
  'events' | 'outputs' | 'errors' | 'inputs' | 'serializeState' | 'stopWhen'
>;

export const FULL_MONDAY = [
  { start: '08:00', end: '09:00' },
  { start: '10:00', end: '11:00' },
  { start: '12:00', end: '13:00' },
  { start: '14:00', end: '18:00' },
];

/**
 * A day off always ahead: the browser model saves it on the real server, which drops days off already past, so a
 * fixed date would stop matching once that day had come.
 */
const DAY_OFF = `${new Date().getUTCFullYear() + 1}-12-24`;

export const adminHours: AvailabilityResponse = {
  memberId: staffAdmin.id,
  timeZone: 'Europe/London',
  weekly: { ...NO_HOURS, monday: FULL_MONDAY },
  daysOff: [],
  calls: [],
};

export const officeHoursSamples: Samples = {
  // The admin's editor: a member non-admins cannot pick is covered by a test of its own.
  inputs: [{ isAdmin: true }],
  events: [
    { type: 'hours.addRange', day: 'monday' },
    { type: 'hours.addRange', day: 'tuesday' },
    { type: 'hours.removeRange', day: 'tuesday', index: 0 },
    { type: 'hours.changeRange', day: 'monday', index: 0, edge: 'end', value: '07:00' },
    { type: 'hours.changeRange', day: 'sunday', index: 0, edge: 'start', value: '09:00' },
    { type: 'hours.addDayOff', date: DAY_OFF },
    { type: 'hours.addDayOff', date: 'soon' },
    { type: 'hours.removeDayOff', date: DAY_OFF },
    { type: 'hours.pickMember', member: staffOffice.id },
    { type: 'hours.pickMember', member: null },
    { type: 'hours.save' },
    { type: 'hours.retry' },
    { type: 'hours.discard' },
  ],
  outputs: {
    loadHours: [{ hours: adminHours, staff: [staffAdmin, staffOffice] }],
    saveHours: [{ ...adminHours, daysOff: [DAY_OFF] }],
  },
  errors: {
    loadHours: [new Error('Network Error')],
    saveHours: [new Error('Network Error')],
  },
  // Told apart by what the guards and the page read, not by every time typed: the form's context has no end.
  serializeState: officeHoursState,
  stopWhen: (snapshot) => snapshot.context.weekly.tuesday.length > 1,
};

/** The state, whose hours, and what of the form decides the next step. */
function officeHoursState(snapshot: SnapshotFrom<typeof officeHoursMachine>): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    member: context.member,
    staff: context.staff.length,
    saved: context.saved?.daysOff,
    tuesday: context.weekly.tuesday.length,
    daysOff: context.daysOff,
    valid: hoursProblem(hoursRequest(context)) === null,
    problem: context.problem?.field ?? null,
    error: context.error,
  });
}
