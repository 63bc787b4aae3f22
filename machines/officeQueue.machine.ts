/**
 * The office page (/office, office and admin accounts; docs/product.md#orders): one of three lists (the queue
 * of paid orders waiting for delivery, unpaid invoices, delivered orders), one order open in detail, and the
 * changes the office makes to it: schedule or move a call, send a PDF report, mark it delivered. After each
 * change the list is loaded again, so it shows what the server now holds; a failure is an error toast.
 *
 * What may be offered is not decided here: the order machine (machines/order.machine.ts) is asked with
 * `can(event)` on the open order's state, exactly as the server asks it before it writes, so the page never
 * offers what the server would refuse. The time left until the one-day promise runs out is counted from
 * `now`, which a region of its own refreshes every COUNTDOWN_REFRESH_MS.
 *
 * The call's time is typed in a `datetime-local` input, which has no time zone: it is read on the company's
 * clock (company.timeZone, the page says so), the zone the customer's e-mail states it in, and becomes an ISO
 * instant before it leaves the page.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import { type ServiceType, SERVICE_TYPES } from '#domain/contract';
import { toastActorError } from './lib/errorToast';
import { JOIN_MAX, REASON_MAX, REPORT_MAX_BYTES } from '#domain/orders';
import { type OfficeOrder, type OfficeView, type ScheduleRequest } from '#domain/officeContract';
import type { OrderStatus } from '#domain/orders';
import type { ChosenFile } from './lib/chosenFile';
import { isoToZonedInput, zonedInputToIso } from '#domain/zonedTime';
import { type OrderEvent, orderMachine } from './order.machine';
import { providedByView } from './lib/providedByView';

/** How often the countdowns to the one-day promise are brought up to date. */
export const COUNTDOWN_REFRESH_MS = 60_000;

export const REPORT_REFUSED = 'Choose a PDF file of at most 10 MB.';

export type { ChosenFile };

/** The schedule form as typed: `at` is a `datetime-local` value on the company's clock, or ''. */
export interface ScheduleDraft {
  at: string;
  join: string;
  reason: string;
}

export type ScheduleField = keyof ScheduleDraft;

export type OfficeQueueEvent =
  | { type: 'office.switchView'; view: OfficeView }
  | { type: 'office.reload' }
  | { type: 'office.select'; id: string }
  | { type: 'office.deselect' }
  | { type: 'office.editSchedule'; field: ScheduleField; value: string }
  | { type: 'office.schedule' }
  | { type: 'office.chooseReport'; file: ChosenFile }
  | { type: 'office.sendReport' }
  | { type: 'office.deliver' }
  | { type: 'office.confirm' }
  | { type: 'office.cancel' };

export interface OfficeQueueContext {
  view: OfficeView;
  orders: OfficeOrder[];
  /** The order open in detail, as the server last described it. */
  selected: OfficeOrder | null;
  /** An order to open before any list (/office?order=<id>, the office e-mail's link). */
  opening: string | null;
  draft: ScheduleDraft;
  report: ChosenFile | null;
  /** The time the countdowns count from (ms since the epoch). */
  now: number;
  /** The zone the form's time is typed in (IANA name): the company's, in which customers are told it. */
  timeZone: string;
}

export interface OfficeQueueInput {
  view?: OfficeView;
  orderId?: string | null;
  now: number;
  timeZone: string;
}

type FormContext = Pick<OfficeQueueContext, 'draft' | 'selected' | 'timeZone'>;

const emptyDraft: ScheduleDraft = { at: '', join: '', reason: '' };

/** The form for an order: an already scheduled call starts from its time, way to join and reason. */
export function draftFor(order: OfficeOrder, timeZone: string): ScheduleDraft {
  return {
    at: order.scheduledAt ? isoToZonedInput(order.scheduledAt, timeZone) : '',
    join: order.join ?? '',
    reason: order.lateReason ?? '',
  };
}

function serviceType(order: OfficeOrder): ServiceType {
  // The wire names the type as text; anything unknown is treated as a report, which offers no call.
  return (SERVICE_TYPES as readonly string[]).includes(order.service.type)
    ? (order.service.type as ServiceType)
    : 'PDF Sent to Email';
}

/** The order machine's snapshot of an order, as the server rebuilds it from its row. */
export function orderState(order: OfficeOrder) {
  return orderMachine.resolveState({
    value: order.status,
    context: { type: serviceType(order), paidAt: order.paidAt, scheduledAt: order.scheduledAt },
  });
}

/** Which list holds an order of each status: as the server's lists are made (docs/product.md#orders). */
const VIEW_OF_STATUS: Record<OrderStatus, OfficeView> = {
  awaitingPayment: 'unpaid',
  paid: 'queue',
  scheduled: 'queue',
  reportSent: 'queue',
  delivered: 'delivered',
};

/** The list an order is in, so that an order opened from a link is shown beside its own list. */
export function viewOf(order: OfficeOrder): OfficeView {
  return VIEW_OF_STATUS[order.status];
}

/** Marking delivered now (`now` in ms): the order machine decides whether a call's time has come. */
export function deliverAt(now: number): OrderEvent {
  return { type: 'order.deliver', at: new Date(now).toISOString() };
}

/** Whether the order machine lets this order take this event now. */
export function orderCan(order: OfficeOrder | null, event: OrderEvent): boolean {
  return order !== null && orderState(order).can(event);
}

/** The schedule request the form describes, or null while it is incomplete. */
export function scheduleRequest(context: FormContext): ScheduleRequest | null {
  const at = zonedInputToIso(context.draft.at, context.timeZone);
  const join = context.draft.join.trim();
  if (at === null || join.length === 0 || join.length > JOIN_MAX) return null;
  const reason = context.draft.reason.trim();
  if (reason.length > REASON_MAX) return null;
  // A reason only travels when the time needs one: a call moved back within the promise loses it.
  return { at, join, reason: needsReason(context) && reason ? reason : null };
}

/**
 * The time typed is later than the one-day promise: the order machine refuses it without a reason and takes it
 * with one. The form then shows the reason field, and requires it.
 */
export function needsReason(context: FormContext): boolean {
  const at = zonedInputToIso(context.draft.at, context.timeZone);
  if (at === null) return false;
  const schedule = (reason: string | null): OrderEvent => ({ type: 'order.schedule', at, join: 'join', reason });
  return !orderCan(context.selected, schedule(null)) && orderCan(context.selected, schedule('a reason'));
}

/** The call may be scheduled as the form stands. */
export function canSchedule(context: FormContext): boolean {
  const request = scheduleRequest(context);
  return (
    request !== null &&
    orderCan(context.selected, { type: 'order.schedule', ...request, reason: request.reason ?? null })
  );
}

/** The form is shown for call orders that may still be scheduled or moved. */
export function offersSchedule(order: OfficeOrder | null): boolean {
  return (
    order !== null &&
    (order.status === 'paid' || order.status === 'scheduled') &&
    serviceType(order) !== 'PDF Sent to Email'
  );
}

/** What the desk is busy with while a change is out: each has its own spinner on the page. */
type BusyTag = 'scheduling' | 'sendingReport' | 'delivering';

/**
 * What the office page shows of the desk (docs/decisions/0041-a-feature-lives-together.md): the list loading,
 * the addressed order opening, the list unavailable, the desk idle, a delivery being confirmed, a change out.
 */
type OfficeDeskTag = 'loading' | 'opening' | 'failed' | 'idle' | 'confirming' | BusyTag;

/**
 * A change the office makes to the open order (schedule, send the report, deliver): `invoke` sends it; the
 * server's answer becomes the open order, the change is announced and the list loads again; a failure is an
 * error toast, and the desk is ready again with the order as it was.
 */
function changeState<const Src extends string, Input>(
  tag: BusyTag,
  src: Src,
  input: (context: OfficeQueueContext) => Input,
  announcement: string,
) {
  return {
    tags: [tag],
    invoke: {
      id: src,
      src,
      input: ({ context }: { context: OfficeQueueContext }) => input(context),
      onDone: {
        target: 'loading',
        actions: [
          { type: 'storeChanged', params: ({ event }: { event: DoneActorEvent<OfficeOrder> }) => event.output },
          { type: 'announce', params: { message: announcement } },
        ],
      },
      onError: { target: 'ready', actions: toastActorError },
    },
  } as const;
}

export const officeQueueMachine = setup({
  types: {} as {
    context: OfficeQueueContext;
    events: OfficeQueueEvent;
    input: OfficeQueueInput;
    tags: OfficeDeskTag;
  },
  actors: {
    loadOrders: fromPromise<OfficeOrder[], { view: OfficeView }>(async () => {
      throw new Error('loadOrders is not provided');
    }),
    loadOrder: fromPromise<OfficeOrder, { id: string }>(async () => {
      throw new Error('loadOrder is not provided');
    }),
    scheduleCall: fromPromise<OfficeOrder, { id: string; request: ScheduleRequest }>(async () => {
      throw new Error('scheduleCall is not provided');
    }),
    uploadReport: fromPromise<OfficeOrder, { id: string; file: ChosenFile }>(async () => {
      throw new Error('uploadReport is not provided');
    }),
    deliverOrder: fromPromise<OfficeOrder, { id: string }>(async () => {
      throw new Error('deliverOrder is not provided');
    }),
  },
  actions: {
    showError: providedByView<{ message: string }>(),
    announce: providedByView<{ message: string }>(),
    /** The clock is read here so that tests and the inspector see the same time. */
    readClock: assign({ now: () => Date.now() }),
    /** The list as loaded; the open order takes its fresher row from it when it is there. */
    storeOrders: assign(({ context }, orders: OfficeOrder[]) => {
      const fresh = context.selected && orders.find((order) => order.id === context.selected!.id);
      return fresh ? { orders, selected: fresh } : { orders };
    }),
    /** The server's answer to a change: the open order as it now stands. */
    storeChanged: assign(({ context }, order: OfficeOrder) => ({
      selected: order,
      draft: draftFor(order, context.timeZone),
      report: null,
    })),
  },
  guards: {
    hasOrderToOpen: ({ context }) => context.opening !== null,
    listed: ({ context, event }) =>
      event.type === 'office.select' && context.orders.some((order) => order.id === event.id),
    canSchedule: ({ context }) => canSchedule(context),
    acceptableReport: ({ event }) =>
      event.type === 'office.chooseReport' &&
      event.file.type === 'application/pdf' &&
      event.file.size <= REPORT_MAX_BYTES,
    canSendReport: ({ context }) => context.report !== null && orderCan(context.selected, { type: 'order.sendReport' }),
    canDeliver: ({ context }) => orderCan(context.selected, deliverAt(context.now)),
  },
  delays: { countdownRefresh: COUNTDOWN_REFRESH_MS },
}).createMachine({
  id: 'officeQueue',
  context: ({ input }) => ({
    view: input.view ?? 'queue',
    orders: [],
    selected: null,
    opening: input.orderId ?? null,
    draft: emptyDraft,
    report: null,
    now: input.now,
    timeZone: input.timeZone,
  }),
  type: 'parallel',
  states: {
    /** The countdowns' clock. */
    clock: {
      initial: 'ticking',
      states: {
        ticking: {
          after: { countdownRefresh: { target: 'ticking', reenter: true, actions: 'readClock' } },
        },
      },
    },
    desk: {
      initial: 'start',
      states: {
        /** An order the address names is opened first, its list after it; else the list loads at once. */
        start: {
          always: [{ guard: 'hasOrderToOpen', target: 'opening' }, { target: 'loading' }],
        },
        /** The chosen list is loading (again, after a change: the list on screen stays until it arrives). */
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadOrders',
            src: 'loadOrders',
            input: ({ context }) => ({ view: context.view }),
            onDone: { target: 'ready', actions: { type: 'storeOrders', params: ({ event }) => event.output } },
            onError: {
              target: 'unavailable',
              actions: toastActorError,
            },
          },
        },
        /**
         * The order the address names is loading, before any list: it may be in any of them, and the list
         * loaded next is the one that holds it. When it cannot be opened, the list asked for loads.
         */
        opening: {
          tags: ['opening'],
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ id: context.opening! }),
            onDone: {
              target: 'loading',
              actions: assign(({ context, event }) => ({
                view: viewOf(event.output),
                selected: event.output,
                draft: draftFor(event.output, context.timeZone),
                report: null,
                opening: null,
              })),
            },
            onError: {
              target: 'loading',
              actions: [assign({ opening: null }), toastActorError],
            },
          },
        },
        /** The list could not be loaded: nothing is claimed about it, and it may be asked for again. */
        unavailable: {
          tags: ['failed'],
          on: {
            'office.reload': 'loading',
            'office.switchView': {
              target: 'loading',
              actions: assign({ view: ({ event }) => event.view, selected: null, draft: emptyDraft, report: null }),
            },
          },
        },
        ready: {
          tags: ['idle'],
          on: {
            'office.reload': 'loading',
            'office.switchView': {
              target: 'loading',
              actions: assign({ view: ({ event }) => event.view, selected: null, draft: emptyDraft, report: null }),
            },
            'office.select': {
              guard: 'listed',
              actions: assign(({ context, event }) => {
                const order = context.orders.find((candidate) => candidate.id === event.id)!;
                return { selected: order, draft: draftFor(order, context.timeZone), report: null };
              }),
            },
            'office.deselect': { actions: assign({ selected: null, draft: emptyDraft, report: null }) },
            'office.editSchedule': {
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }),
            },
            'office.schedule': { guard: 'canSchedule', target: 'scheduling' },
            'office.chooseReport': [
              { guard: 'acceptableReport', actions: assign({ report: ({ event }) => event.file }) },
              { actions: [assign({ report: null }), { type: 'showError', params: { message: REPORT_REFUSED } }] },
            ],
            'office.sendReport': { guard: 'canSendReport', target: 'sendingReport' },
            'office.deliver': { guard: 'canDeliver', target: 'confirmingDelivery' },
          },
        },
        /**
         * Marking delivered cannot be undone, so it is confirmed first (docs/product.md#orders). The dialog is
         * modal: nothing but its two answers is taken while it is open.
         */
        confirmingDelivery: {
          tags: ['confirming'],
          on: {
            'office.confirm': { guard: 'canDeliver', target: 'delivering' },
            'office.cancel': 'ready',
          },
        },
        scheduling: changeState(
          'scheduling',
          'scheduleCall',
          (context) => ({ id: context.selected!.id, request: scheduleRequest(context)! }),
          'The call is scheduled; the customer has been told.',
        ),
        sendingReport: changeState(
          'sendingReport',
          'uploadReport',
          (context) => ({ id: context.selected!.id, file: context.report! }),
          'The report was sent to the customer.',
        ),
        delivering: changeState(
          'delivering',
          'deliverOrder',
          (context) => ({ id: context.selected!.id }),
          'The order is marked delivered.',
        ),
      },
    },
  },
});
