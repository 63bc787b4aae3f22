/**
 * The office's "My hours" editor on /office (docs/decisions/0042-customers-book-their-call.md): an office or
 * admin member's weekly working hours (several ranges a weekday, read on the company's clock) and days off.
 * An admin may pick any member of the staff list and edit theirs. Edits stay in the page until saved; the
 * hours are checked with the wire contract's struct first, and the first problem is shown beside its field.
 * Picking another member is offered only while nothing is left unsaved, so no edit is lost on the way.
 */
import { assign, fromPromise, setup } from 'xstate';
import { WEEKDAYS } from '#domain/booking';
import {
  AvailabilityRequest,
  type AvailabilityResponse,
  HOURS_RANGES_PER_DAY_MAX,
  DAYS_OFF_MAX,
} from '#domain/bookingContract';
import { type StaffMember } from '#domain/officeContract';
import { assignError } from './lib/assignError';
import { hoursProblem, type HoursProblem } from './lib/officeHoursProblem';

export type Weekday = (typeof WEEKDAYS)[number];
export type Weekly = AvailabilityRequest['weekly'];

export type OfficeHoursEvent =
  | { type: 'hours.addRange'; day: Weekday }
  | { type: 'hours.removeRange'; day: Weekday; index: number }
  | { type: 'hours.changeRange'; day: Weekday; index: number; edge: 'start' | 'end'; value: string }
  | { type: 'hours.addDayOff'; date: string }
  | { type: 'hours.removeDayOff'; date: string }
  | { type: 'hours.pickMember'; member: string | null }
  | { type: 'hours.save' }
  | { type: 'hours.retry' }
  | { type: 'hours.discard' };

/** What loading answers: the member's hours and, for an admin, the staff list the picker offers. */
export interface HoursLoaded {
  hours: AvailabilityResponse;
  staff: StaffMember[];
}

export interface OfficeHoursInput {
  isAdmin: boolean;
}

interface OfficeHoursContext {
  isAdmin: boolean;
  /** Whose hours are asked for: null for the signed-in member's own. */
  member: string | null;
  staff: StaffMember[];
  /** The hours as the server last answered them (loaded or saved): what discarding goes back to. */
  saved: AvailabilityResponse | null;
  weekly: Weekly;
  daysOff: string[];
  /** The first thing the contract refuses in the hours, found when saving was asked. */
  problem: HoursProblem | null;
  /** Why the last load or save failed. */
  error: string | null;
}

/** The range a day gets first: a working day; a later one starts empty for the member to fill in. */
export const FIRST_RANGE = { start: '09:00', end: '17:00' } as const;

export const NO_HOURS: Weekly = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Weekly;

/** The hours as the page would send them. */
export function hoursRequest(context: Pick<OfficeHoursContext, 'weekly' | 'daysOff'>): AvailabilityRequest {
  return { weekly: context.weekly, daysOff: context.daysOff };
}

/** The weekly ranges with one day's replaced. */
function withDay(weekly: Weekly, day: Weekday, ranges: Weekly[Weekday]): Weekly {
  return { ...weekly, [day]: ranges };
}

/**
 * A date as a date input gives it. The struct checks, when saving, that it exists (not 30 February); a month or
 * a day past any calendar's (13, 45) is refused here already: the struct's check throws on it, not fails.
 */
function dateShaped(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isFinite(Date.parse(`${date}T00:00Z`));
}

export const officeHoursMachine = setup({
  types: {} as {
    context: OfficeHoursContext;
    events: OfficeHoursEvent;
    input: OfficeHoursInput;
    tags: 'loading' | 'failed' | 'changed' | 'saving' | 'saved' | 'saveFailed';
  },
  actors: {
    loadHours: fromPromise<HoursLoaded, { member: string | null; staff: boolean }>(async () => {
      throw new Error('loadHours is not provided');
    }),
    saveHours: fromPromise<AvailabilityResponse, { member: string | null; hours: AvailabilityRequest }>(async () => {
      throw new Error('saveHours is not provided');
    }),
  },
  actions: {
    assignError: assignError<OfficeHoursContext, OfficeHoursEvent>(),
    /** The form shows the hours as the server answered them. */
    showAnswer: assign((_, hours: AvailabilityResponse) => ({
      saved: hours,
      weekly: hours.weekly,
      daysOff: hours.daysOff,
      problem: null,
      error: null,
    })),
  },
  guards: {
    roomForRange: ({ context, event }) =>
      event.type === 'hours.addRange' && context.weekly[event.day].length < HOURS_RANGES_PER_DAY_MAX,
    rangeListed: ({ context, event }) =>
      (event.type === 'hours.removeRange' || event.type === 'hours.changeRange') &&
      event.index >= 0 &&
      event.index < context.weekly[event.day].length,
    newDayOff: ({ context, event }) =>
      event.type === 'hours.addDayOff' &&
      dateShaped(event.date) &&
      !context.daysOff.includes(event.date) &&
      context.daysOff.length < DAYS_OFF_MAX,
    dayOffListed: ({ context, event }) => event.type === 'hours.removeDayOff' && context.daysOff.includes(event.date),
    /** Only an admin picks, and only a member the staff list holds (null: back to their own hours). */
    otherMember: ({ context, event }) =>
      event.type === 'hours.pickMember' &&
      context.isAdmin &&
      event.member !== context.member &&
      (event.member === null || context.staff.some((member) => member.id === event.member)),
    valid: ({ context }) => hoursProblem(hoursRequest(context)) === null,
  },
}).createMachine({
  id: 'officeHours',
  context: ({ input }) => ({
    isAdmin: input.isAdmin,
    member: null,
    staff: [],
    saved: null,
    weekly: NO_HOURS,
    daysOff: [],
    problem: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadHours',
        src: 'loadHours',
        input: ({ context }) => ({ member: context.member, staff: context.isAdmin }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ staff: ({ event }) => event.output.staff }),
            { type: 'showAnswer', params: ({ event }) => event.output.hours },
          ],
        },
        onError: { target: 'unavailable', actions: 'assignError' },
      },
    },
    /** The hours could not be loaded: the page offers to try again (an admin may pick someone else). */
    unavailable: {
      tags: ['failed'],
      on: {
        'hours.retry': 'loading',
        'hours.pickMember': {
          guard: 'otherMember',
          target: 'loading',
          actions: assign({ member: ({ event }) => event.member }),
        },
      },
    },
    ready: {
      initial: 'clean',
      // The edits of the form, allowed while it is shown and not being saved; each leaves it changed.
      on: {
        'hours.addRange': {
          guard: 'roomForRange',
          target: '.changed',
          actions: assign(({ context, event }) => {
            const ranges = context.weekly[event.day];
            const added = ranges.length === 0 ? { ...FIRST_RANGE } : { start: '', end: '' };
            return { weekly: withDay(context.weekly, event.day, [...ranges, added]), problem: null, error: null };
          }),
        },
        'hours.removeRange': {
          guard: 'rangeListed',
          target: '.changed',
          actions: assign(({ context, event }) => {
            const ranges = context.weekly[event.day].filter((_, at) => at !== event.index);
            return { weekly: withDay(context.weekly, event.day, ranges), problem: null, error: null };
          }),
        },
        'hours.changeRange': {
          guard: 'rangeListed',
          target: '.changed',
          actions: assign(({ context, event }) => {
            const { day, index, edge, value } = event;
            const ranges = context.weekly[day].map((range, at) => (at === index ? { ...range, [edge]: value } : range));
            return { weekly: withDay(context.weekly, day, ranges), problem: null, error: null };
          }),
        },
        'hours.addDayOff': {
          guard: 'newDayOff',
          target: '.changed',
          actions: assign(({ context, event }) => ({
            daysOff: [...context.daysOff, event.date].sort(),
            problem: null,
            error: null,
          })),
        },
        'hours.removeDayOff': {
          guard: 'dayOffListed',
          target: '.changed',
          actions: assign(({ context, event }) => ({
            daysOff: context.daysOff.filter((day) => day !== event.date),
            problem: null,
            error: null,
          })),
        },
      },
      states: {
        clean: {
          on: {
            'hours.pickMember': {
              guard: 'otherMember',
              target: '#officeHours.loading',
              actions: assign({ member: ({ event }) => event.member }),
            },
          },
        },
        changed: {
          tags: ['changed'],
          on: {
            'hours.save': [
              { guard: 'valid', target: '#officeHours.saving', actions: assign({ problem: null }) },
              { actions: assign({ problem: ({ context }) => hoursProblem(hoursRequest(context)) }) },
            ],
            'hours.discard': {
              target: 'clean',
              actions: { type: 'showAnswer', params: ({ context }) => context.saved! },
            },
          },
        },
        saved: {
          tags: ['saved'],
          on: {
            'hours.pickMember': {
              guard: 'otherMember',
              target: '#officeHours.loading',
              actions: assign({ member: ({ event }) => event.member }),
            },
          },
        },
        /** The hours were valid when sent and have not changed since: trying again sends them as they are. */
        saveFailed: {
          tags: ['changed', 'saveFailed'],
          on: {
            'hours.retry': '#officeHours.saving',
            'hours.discard': {
              target: 'clean',
              actions: { type: 'showAnswer', params: ({ context }) => context.saved! },
            },
          },
        },
      },
    },
    saving: {
      tags: ['changed', 'saving'],
      invoke: {
        id: 'saveHours',
        src: 'saveHours',
        input: ({ context }) => ({ member: context.member, hours: hoursRequest(context) }),
        onDone: { target: 'ready.saved', actions: { type: 'showAnswer', params: ({ event }) => event.output } },
        onError: { target: 'ready.saveFailed', actions: 'assignError' },
      },
    },
  },
});
