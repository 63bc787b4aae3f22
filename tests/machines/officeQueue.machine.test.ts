import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { JOIN_MAX, REASON_MAX, REPORT_MAX_BYTES } from '#domain/orders';
import type { OfficeOrder, OfficeView, ScheduleRequest } from '#domain/officeContract';
import { isoToZonedInput, zonedInputToIso } from '#machines/lib/zonedTime';
import {
  canSchedule,
  type ChosenFile,
  COUNTDOWN_REFRESH_MS,
  deliverAt,
  draftFor,
  needsReason,
  officeQueueMachine,
  type OfficeQueueInput,
  offersSchedule,
  orderCan,
  REPORT_REFUSED,
  scheduleRequest,
  viewOf,
} from '#machines/officeQueue.machine';
import {
  callDelivered,
  callPaid,
  callScheduled,
  callScheduledLate,
  OFFICE_NOW,
  OFFICE_ZONE,
  reportDelivered,
  reportPaid,
  reportSent,
} from './fixtures';
import { describePathTests } from './pathTest';
import { officeQueueSamples, officeQueueState } from './samples';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({
  machine: officeQueueMachine,
  ...officeQueueSamples,
  // A click on a row that a reload has just taken away: the guard 'listed' turns it down. No person can aim it
  // in the browser suite, so only the machine level sends it.
  events: [...officeQueueSamples.events, { type: 'office.select', id: 'order-no-longer-listed' }],
  serializeState: officeQueueState,
  check: (snapshot) => {
    // A change is only ever made to the open order, and only what the order machine allows.
    if (snapshot.matches({ desk: 'scheduling' })) expect(canSchedule(snapshot.context)).toBe(true);
    if (snapshot.matches({ desk: 'sendingReport' })) expect(snapshot.context.report?.type).toBe('application/pdf');
    if (snapshot.matches({ desk: 'delivering' }) || snapshot.matches({ desk: 'confirmingDelivery' })) {
      expect(['scheduled', 'reportSent']).toContain(snapshot.context.selected?.status);
    }
    // The address's order is opened once, before any list.
    if (snapshot.matches({ desk: 'ready' })) expect(snapshot.context.opening).toBeNull();
    if (snapshot.matches({ desk: 'opening' })) expect(snapshot.context.orders).toEqual([]);
    if (snapshot.matches({ desk: 'loading' })) {
      const { view, orders, selected } = snapshot.context;
      // The list asked for is the one shown in the tabs; after an order was opened from the address (an order
      // open while no list was loaded yet), it is the list that holds that order.
      expect(snapshot.children.loadOrders?.getSnapshot().input).toEqual({ view });
      if (selected !== null && orders.length === 0) expect(view).toBe(viewOf(selected));
    }
  },
});

const form = (at: string, reason = '') => ({
  selected: callPaid,
  draft: { at, join: 'https://meet.example/abc', reason },
  timeZone: OFFICE_ZONE,
});

describe('times on the company clock', () => {
  it('reads a datetime-local value in the named zone, whatever the computer’s own zone', () => {
    expect(zonedInputToIso('2026-11-23T15:00', 'Europe/London')).toBe('2026-11-23T15:00:00.000Z');
    // Summer time: London is an hour ahead of UTC.
    expect(zonedInputToIso('2026-06-10T14:00', 'Europe/London')).toBe('2026-06-10T13:00:00.000Z');
    expect(zonedInputToIso('2026-11-23T15:00', 'America/New_York')).toBe('2026-11-23T20:00:00.000Z');
    expect(isoToZonedInput('2026-06-10T13:00:00.000Z', 'Europe/London')).toBe('2026-06-10T14:00');
    expect(isoToZonedInput('2026-11-23T20:00:00.000Z', 'America/New_York')).toBe('2026-11-23T15:00');
  });

  it('refuses what the clock never shows: a missing day, the hour skipped in spring, an incomplete value', () => {
    expect(zonedInputToIso('2026-02-31T10:00', 'Europe/London')).toBeNull();
    expect(zonedInputToIso('2026-03-29T01:30', 'Europe/London')).toBeNull();
    expect(zonedInputToIso('2026-11-23', 'Europe/London')).toBeNull();
    expect(zonedInputToIso('', 'Europe/London')).toBeNull();
    // The hour repeated in autumn is the first of the two.
    expect(zonedInputToIso('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('finds the offset of the instant, not of the same wall time read in UTC, across a change of clocks', () => {
    // 10:00 in New York on the day summer time starts: 10:00 UTC is already summer time, 06:00 UTC is not yet.
    expect(zonedInputToIso('2026-03-08T10:00', 'America/New_York')).toBe('2026-03-08T14:00:00.000Z');
    // 01:30 in Berlin on the day summer time ends is still summer time, though 01:30 UTC is winter time.
    expect(zonedInputToIso('2026-10-25T01:30', 'Europe/Berlin')).toBe('2026-10-24T23:30:00.000Z');
  });

  it('writes midnight as 00:00, drops the seconds, and gives nothing for a time that is not one', () => {
    expect(isoToZonedInput('2026-11-23T00:00:00.000Z', 'Europe/London')).toBe('2026-11-23T00:00');
    expect(isoToZonedInput('2026-01-02T03:04:59.999Z', 'Europe/London')).toBe('2026-01-02T03:04');
    expect(isoToZonedInput('not a time', 'Europe/London')).toBe('');
    expect(draftFor({ ...callScheduled, scheduledAt: 'not a time' }, OFFICE_ZONE).at).toBe('');
  });
});

describe('the office queue', () => {
  it('asks the order machine: a time after the promise needs a reason, one within it does not', () => {
    const deadline = Date.parse(callPaid.deadline!);
    const justAfter = isoToZonedInput(new Date(deadline + 60_000).toISOString(), OFFICE_ZONE);
    const justBefore = isoToZonedInput(new Date(deadline - 60_000).toISOString(), OFFICE_ZONE);
    expect(needsReason(form(justBefore))).toBe(false);
    expect(canSchedule(form(justBefore))).toBe(true);
    expect(needsReason(form(justAfter))).toBe(true);
    expect(canSchedule(form(justAfter))).toBe(false);
    expect(canSchedule(form(justAfter, '   '))).toBe(false);
    expect(canSchedule(form(justAfter, 'The customer asked for Wednesday'))).toBe(true);
    // A report order is never scheduled, whatever the form says.
    expect(canSchedule({ ...form(justBefore), selected: reportPaid })).toBe(false);
    expect(needsReason({ ...form(justAfter), selected: reportPaid })).toBe(false);
  });

  it('sends the call with the reason only when it is needed, then loads the list again', async () => {
    const requests: unknown[] = [];
    const loads: string[] = [];
    const announced = vi.fn();
    const actor = createActor(
      officeQueueMachine.provide({
        actors: {
          loadOrders: fromPromise(async ({ input }) => {
            loads.push(input.view);
            return [callPaid];
          }),
          scheduleCall: fromPromise(async ({ input }) => {
            requests.push(input);
            return callScheduled;
          }),
        },
        actions: { announce: (_, { message }) => announced(message) },
      }),
      { input: { now: OFFICE_NOW, timeZone: OFFICE_ZONE } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ desk: 'ready' })).toBe(true));
    actor.send({ type: 'office.select', id: callPaid.id });
    actor.send({ type: 'office.editSchedule', field: 'at', value: '2026-11-23T15:00' });
    actor.send({ type: 'office.editSchedule', field: 'join', value: '  https://meet.example/abc ' });
    actor.send({ type: 'office.editSchedule', field: 'reason', value: 'typed, then not needed' });
    actor.send({ type: 'office.schedule' });
    await vi.waitFor(() => expect(loads).toHaveLength(2));
    expect(requests).toEqual([
      {
        id: callPaid.id,
        request: { at: '2026-11-23T15:00:00.000Z', join: 'https://meet.example/abc', reason: null },
      },
    ]);
    expect(announced).toHaveBeenCalledTimes(1);
    // The list answered the row as paid: it is fresher than the change's answer, and wins.
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ desk: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.selected).toEqual(callPaid);
  });

  it('refuses a file that is not a PDF of at most 10 MB, with a toast', async () => {
    const errors: string[] = [];
    const actor = createActor(
      officeQueueMachine.provide({
        actors: { loadOrders: fromPromise(async () => [reportPaid] as OfficeOrder[]) },
        actions: { showError: (_, { message }) => errors.push(message) },
      }),
      { input: { now: OFFICE_NOW, timeZone: OFFICE_ZONE } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ desk: 'ready' })).toBe(true));
    actor.send({ type: 'office.select', id: reportPaid.id });
    actor.send({
      type: 'office.chooseReport',
      file: { type: 'application/pdf', size: 10 * 1024 * 1024 + 1 },
    });
    actor.send({ type: 'office.sendReport' });
    expect(errors).toEqual([REPORT_REFUSED]);
    expect(actor.getSnapshot().matches({ desk: 'ready' })).toBe(true);
  });
});

const emptyDraft = { at: '', join: '', reason: '' };
const pdf: ChosenFile = { type: 'application/pdf', size: 2048 };
/** A second call, scheduled: the fixtures' calls are one order in two states. */
const otherCall: OfficeOrder = { ...callScheduled, id: 'call-2' };
/** The moment the scheduled calls above start: from then on they may be marked delivered. */
const CALL_STARTED = Date.parse(callScheduled.scheduledAt!);

describe('the office queue’s rules', () => {
  it('fills the form from the order: an empty one for a call not yet scheduled', () => {
    expect(draftFor(callPaid, OFFICE_ZONE)).toEqual(emptyDraft);
    expect(draftFor(callScheduledLate, OFFICE_ZONE)).toEqual({
      at: '2026-11-25T15:00',
      join: 'https://meet.example/abc',
      reason: 'The customer asked for Wednesday',
    });
    // On the company's clock, not in UTC.
    expect(draftFor(callScheduled, 'America/New_York').at).toBe('2026-11-23T10:00');
  });

  it('offers the form only for a call that is paid or scheduled', () => {
    expect(offersSchedule(null)).toBe(false);
    expect(offersSchedule(callPaid)).toBe(true);
    expect(offersSchedule(callScheduled)).toBe(true);
    expect(offersSchedule(callDelivered)).toBe(false);
    expect(offersSchedule({ ...callPaid, status: 'awaitingPayment' })).toBe(false);
    expect(offersSchedule(reportPaid)).toBe(false);
    // A type the page does not know is taken for a report, which has no call.
    expect(offersSchedule({ ...callPaid, service: { ...callPaid.service, type: 'Carrier Pigeon' } })).toBe(false);
  });

  it('asks the order machine about the order as it stands, and nothing about no order', () => {
    expect(orderCan(null, deliverAt(CALL_STARTED))).toBe(false);
    expect(orderCan(callPaid, deliverAt(CALL_STARTED))).toBe(false);
    expect(orderCan(callScheduled, deliverAt(CALL_STARTED))).toBe(true);
    // Not before the call has started.
    expect(orderCan(callScheduled, deliverAt(CALL_STARTED - 1))).toBe(false);
    expect(orderCan(reportSent, deliverAt(OFFICE_NOW))).toBe(true);
    expect(orderCan(callPaid, { type: 'order.sendReport' })).toBe(false);
    expect(orderCan(reportPaid, { type: 'order.sendReport' })).toBe(true);
    const unknownType = { ...callPaid, service: { ...callPaid.service, type: 'Carrier Pigeon' } };
    expect(orderCan(unknownType, { type: 'order.sendReport' })).toBe(true);
    // The promise is counted from the payment the row names.
    const late = { type: 'order.schedule', at: '2026-11-24T09:30:00.000Z', join: 'x', reason: null } as const;
    expect(orderCan(callPaid, late)).toBe(false);
    expect(orderCan({ ...callPaid, paidAt: '2026-11-23T10:00:00.000Z' }, late)).toBe(true);
  });

  it('builds the request from the trimmed form, within the wire’s limits', () => {
    const request = (draft: Partial<typeof emptyDraft>) =>
      scheduleRequest({
        selected: callPaid,
        draft: { at: '2026-11-23T15:00', join: 'https://meet.example/abc', reason: '', ...draft },
        timeZone: OFFICE_ZONE,
      });
    expect(request({ join: '  https://meet.example/abc  ' })).toEqual({
      at: '2026-11-23T15:00:00.000Z',
      join: 'https://meet.example/abc',
      reason: null,
    });
    expect(request({ at: '' })).toBeNull();
    expect(request({ at: '2026-11-23' })).toBeNull();
    expect(request({ join: '   ' })).toBeNull();
    expect(request({ join: 'j'.repeat(JOIN_MAX) })?.join).toHaveLength(JOIN_MAX);
    expect(request({ join: 'j'.repeat(JOIN_MAX + 1) })).toBeNull();
    // The reason's limit holds even while no reason is needed.
    expect(request({ reason: 'r'.repeat(REASON_MAX) })).not.toBeNull();
    expect(request({ reason: 'r'.repeat(REASON_MAX + 1) })).toBeNull();
    // After the promise the reason travels, trimmed; a blank one does not.
    expect(request({ at: '2026-11-25T15:00', reason: '  Wednesday suits  ' })?.reason).toBe('Wednesday suits');
    expect(request({ at: '2026-11-25T15:00', reason: '   ' })?.reason).toBeNull();
    expect(request({ at: '2026-11-25T15:00', reason: 'r'.repeat(REASON_MAX) })?.reason).toHaveLength(REASON_MAX);
  });

  it('needs no reason without a time or an order, and cannot schedule then', () => {
    const draft = { at: '2026-11-25T15:00', join: 'https://meet.example/abc', reason: 'Wednesday suits' };
    expect(needsReason({ selected: null, draft, timeZone: OFFICE_ZONE })).toBe(false);
    expect(canSchedule({ selected: null, draft, timeZone: OFFICE_ZONE })).toBe(false);
    expect(needsReason({ selected: callPaid, draft: { ...draft, at: '' }, timeZone: OFFICE_ZONE })).toBe(false);
    expect(canSchedule({ selected: callPaid, draft: { ...draft, at: '' }, timeZone: OFFICE_ZONE })).toBe(false);
    expect(canSchedule({ selected: callPaid, draft: { ...draft, join: '' }, timeZone: OFFICE_ZONE })).toBe(false);
    // A scheduled call may be moved; a delivered one no longer.
    expect(canSchedule({ selected: callScheduled, draft, timeZone: OFFICE_ZONE })).toBe(true);
    expect(canSchedule({ selected: callDelivered, draft, timeZone: OFFICE_ZONE })).toBe(false);
    expect(needsReason({ selected: callScheduled, draft, timeZone: OFFICE_ZONE })).toBe(true);
  });
});

interface Answers {
  loadOrders?: Answer<OfficeOrder[]>[];
  loadOrder?: Answer<OfficeOrder>[];
  scheduleCall?: Answer<OfficeOrder>[];
  uploadReport?: Answer<OfficeOrder>[];
  deliverOrder?: Answer<OfficeOrder>[];
}

/** The office page's machine against answers given in advance, with what it asked and showed. */
function officeDesk(answers: Answers, input: Partial<OfficeQueueInput> = {}) {
  const calls = {
    loadOrders: [] as { view: OfficeView }[],
    loadOrder: [] as { id: string }[],
    scheduleCall: [] as { id: string; request: ScheduleRequest }[],
    uploadReport: [] as { id: string; file: ChosenFile }[],
    deliverOrder: [] as { id: string }[],
  };
  const errors: string[] = [];
  const announced: string[] = [];
  const actor = createActor(
    officeQueueMachine.provide({
      actors: {
        loadOrders: scriptedService(calls.loadOrders, answers.loadOrders),
        loadOrder: scriptedService(calls.loadOrder, answers.loadOrder),
        scheduleCall: scriptedService(calls.scheduleCall, answers.scheduleCall),
        uploadReport: scriptedService(calls.uploadReport, answers.uploadReport),
        deliverOrder: scriptedService(calls.deliverOrder, answers.deliverOrder),
      },
      actions: {
        showError: (_, { message }) => void errors.push(message),
        announce: (_, { message }) => void announced.push(message),
      },
    }),
    { input: { now: OFFICE_NOW, timeZone: OFFICE_ZONE, ...input } },
  ).start();
  const desk = () => (actor.getSnapshot().value as { desk: string }).desk;
  return {
    actor,
    calls,
    errors,
    announced,
    desk,
    context: () => actor.getSnapshot().context,
    settled: (state: string) => vi.waitFor(() => expect(desk()).toBe(state)),
  };
}

describe('the office desk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts from its input: the queue unless a list is named, and the order the address names', () => {
    const plain = officeDesk({});
    expect(plain.actor.getSnapshot().value).toEqual({ clock: 'ticking', desk: 'loading' });
    expect(plain.context()).toEqual({
      view: 'queue',
      orders: [],
      selected: null,
      opening: null,
      draft: emptyDraft,
      report: null,
      now: OFFICE_NOW,
      timeZone: OFFICE_ZONE,
    });
    expect(plain.calls.loadOrders).toEqual([{ view: 'queue' }]);
    const linked = officeDesk({}, { view: 'unpaid', orderId: callScheduled.id, timeZone: 'America/New_York' });
    // The order is asked for first; no list yet.
    expect(linked.actor.getSnapshot().value).toEqual({ clock: 'ticking', desk: 'opening' });
    expect(linked.context()).toMatchObject({
      view: 'unpaid',
      opening: callScheduled.id,
      timeZone: 'America/New_York',
    });
    expect(linked.calls.loadOrder).toEqual([{ id: callScheduled.id }]);
    expect(linked.calls.loadOrders).toEqual([]);
  });

  it('finds the list of each status where the server lists it', () => {
    const withStatus = (status: OfficeOrder['status']) => viewOf({ ...callPaid, status });
    expect(withStatus('awaitingPayment')).toBe('unpaid');
    expect(withStatus('paid')).toBe('queue');
    expect(withStatus('scheduled')).toBe('queue');
    expect(withStatus('reportSent')).toBe('queue');
    expect(withStatus('delivered')).toBe('delivered');
    expect(viewOf(reportDelivered)).toBe('delivered');
  });

  it('opens the order the address names first, then the list that holds it', async () => {
    const waiting = officeDesk({ loadOrders: [[callPaid]] }, { orderId: 'call-9' });
    expect(waiting.desk()).toBe('opening');
    expect(waiting.calls.loadOrder).toEqual([{ id: 'call-9' }]);
    expect(waiting.calls.loadOrders).toEqual([]);
    // The order is open while its list loads.
    const listing = officeDesk({ loadOrder: [callScheduledLate] }, { orderId: 'call-9' });
    await listing.settled('loading');
    expect(listing.context()).toMatchObject({
      view: 'queue',
      orders: [],
      selected: callScheduledLate,
      draft: draftFor(callScheduledLate, OFFICE_ZONE),
      report: null,
      opening: null,
    });
    const desk = officeDesk({ loadOrders: [[reportPaid]], loadOrder: [callScheduledLate] }, { orderId: 'call-9' });
    await desk.settled('ready');
    expect(desk.context()).toMatchObject({ orders: [reportPaid], selected: callScheduledLate, opening: null });
    expect(desk.context().draft.at).toBe('2026-11-25T15:00');
    expect(desk.calls.loadOrders).toEqual([{ view: 'queue' }]);
    expect(desk.errors).toEqual([]);
    // Without an order in the address none is asked for.
    const plain = officeDesk({ loadOrders: [[callPaid]] });
    await plain.settled('ready');
    expect(plain.calls.loadOrder).toEqual([]);
  });

  it('shows a delivered order from the address beside the delivered list, and an unpaid one beside the unpaid', async () => {
    const delivered = officeDesk(
      { loadOrders: [[reportDelivered, callDelivered]], loadOrder: [callDelivered] },
      {
        orderId: callDelivered.id,
      },
    );
    await delivered.settled('ready');
    expect(delivered.calls.loadOrders).toEqual([{ view: 'delivered' }]);
    expect(delivered.context()).toMatchObject({
      view: 'delivered',
      orders: [reportDelivered, callDelivered],
      selected: callDelivered,
    });
    const unpaidOrder: OfficeOrder = { ...callPaid, status: 'awaitingPayment', paidAt: null, deadline: null };
    const unpaid = officeDesk({ loadOrders: [[unpaidOrder]], loadOrder: [unpaidOrder] }, { orderId: callPaid.id });
    await unpaid.settled('ready');
    expect(unpaid.calls.loadOrders).toEqual([{ view: 'unpaid' }]);
    expect(unpaid.context()).toMatchObject({ view: 'unpaid', selected: unpaidOrder });
  });

  it('says why the order the address names could not be opened, and shows the queue', async () => {
    const desk = officeDesk({ loadOrders: [[callPaid]], loadOrder: [new Error('No such order.')] }, { orderId: 'x' });
    await desk.settled('ready');
    expect(desk.errors).toEqual(['No such order.']);
    expect(desk.calls.loadOrders).toEqual([{ view: 'queue' }]);
    expect(desk.context()).toMatchObject({ view: 'queue', orders: [callPaid], selected: null, opening: null });
  });

  it('says why the list failed, claims nothing about it, and loads it again when asked', async () => {
    const desk = officeDesk({
      loadOrders: [[callPaid], new Error('The server is down.'), new Error('Still down.'), [reportSent]],
    });
    await desk.settled('ready');
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.editSchedule', field: 'join', value: 'https://meet.example/x' });
    desk.actor.send({ type: 'office.reload' });
    await desk.settled('unavailable');
    expect(desk.errors).toEqual(['The server is down.']);
    desk.actor.send({ type: 'office.reload' });
    expect(desk.desk()).toBe('loading');
    await desk.settled('unavailable');
    expect(desk.errors).toEqual(['The server is down.', 'Still down.']);
    expect(desk.context().selected).toEqual(callPaid);
    // Another list starts afresh: nothing of the open order is kept.
    desk.actor.send({ type: 'office.switchView', view: 'unpaid' });
    expect(desk.context()).toMatchObject({ view: 'unpaid', selected: null, draft: emptyDraft, report: null });
    await desk.settled('ready');
    expect(desk.calls.loadOrders).toEqual([
      { view: 'queue' },
      { view: 'queue' },
      { view: 'queue' },
      { view: 'unpaid' },
    ]);
    expect(desk.context().orders).toEqual([reportSent]);
  });

  it('opens a listed order with its form, closes it, and switches lists', async () => {
    const desk = officeDesk({ loadOrders: [[callPaid, otherCall], [reportPaid]] });
    await desk.settled('ready');
    expect(desk.context().orders).toEqual([callPaid, otherCall]);
    // A row a reload has taken away is not opened.
    desk.actor.send({ type: 'office.select', id: reportPaid.id });
    expect(desk.context().selected).toBeNull();
    desk.actor.send({ type: 'office.select', id: otherCall.id });
    expect(desk.context()).toMatchObject({ selected: otherCall, draft: draftFor(otherCall, OFFICE_ZONE) });
    expect(desk.context().draft).toEqual({ at: '2026-11-23T15:00', join: 'https://meet.example/abc', reason: '' });
    desk.actor.send({ type: 'office.editSchedule', field: 'reason', value: 'Moved' });
    expect(desk.context().draft).toEqual({ at: '2026-11-23T15:00', join: 'https://meet.example/abc', reason: 'Moved' });
    desk.actor.send({ type: 'office.chooseReport', file: pdf });
    expect(desk.context().report).toBe(pdf);
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    expect(desk.context()).toMatchObject({ selected: callPaid, draft: emptyDraft, report: null });
    desk.actor.send({ type: 'office.chooseReport', file: pdf });
    desk.actor.send({ type: 'office.editSchedule', field: 'at', value: '2026-11-23T16:00' });
    desk.actor.send({ type: 'office.deselect' });
    expect(desk.context()).toMatchObject({ selected: null, draft: emptyDraft, report: null });
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.chooseReport', file: pdf });
    desk.actor.send({ type: 'office.editSchedule', field: 'at', value: '2026-11-23T16:00' });
    desk.actor.send({ type: 'office.switchView', view: 'unpaid' });
    expect(desk.context()).toMatchObject({ view: 'unpaid', selected: null, draft: emptyDraft, report: null });
    await desk.settled('ready');
    expect(desk.calls.loadOrders).toEqual([{ view: 'queue' }, { view: 'unpaid' }]);
    expect(desk.context().orders).toEqual([reportPaid]);
  });

  it('keeps the open order on a reload, taking its fresher row when the list has it', async () => {
    const desk = officeDesk({ loadOrders: [[callPaid, reportPaid], [reportSent, callScheduled], [callPaid]] });
    await desk.settled('ready');
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.reload' });
    await desk.settled('ready');
    expect(desk.context().selected).toEqual(callScheduled);
    desk.actor.send({ type: 'office.select', id: reportSent.id });
    desk.actor.send({ type: 'office.reload' });
    await desk.settled('ready');
    expect(desk.context().orders).toEqual([callPaid]);
    expect(desk.context().selected).toEqual(reportSent);
    expect(desk.calls.loadOrders).toEqual([{ view: 'queue' }, { view: 'queue' }, { view: 'queue' }]);
  });

  it('schedules a late call with its reason, shows the server’s answer, says so, then loads the list', async () => {
    const desk = officeDesk({
      // The list loaded after the change stays out, so the change's answer can be seen.
      loadOrders: [[callPaid]],
      scheduleCall: [callScheduledLate],
    });
    await desk.settled('ready');
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.editSchedule', field: 'at', value: '2026-11-25T15:00' });
    desk.actor.send({ type: 'office.editSchedule', field: 'join', value: 'https://meet.example/abc' });
    // Without the reason the order machine refuses the time: nothing is sent.
    desk.actor.send({ type: 'office.schedule' });
    expect(desk.desk()).toBe('ready');
    desk.actor.send({ type: 'office.editSchedule', field: 'reason', value: ' The customer asked for Wednesday ' });
    desk.actor.send({ type: 'office.schedule' });
    expect(desk.desk()).toBe('scheduling');
    await desk.settled('loading');
    expect(desk.calls.scheduleCall).toEqual([
      {
        id: callPaid.id,
        request: {
          at: '2026-11-25T15:00:00.000Z',
          join: 'https://meet.example/abc',
          reason: 'The customer asked for Wednesday',
        },
      },
    ]);
    expect(desk.context()).toMatchObject({
      selected: callScheduledLate,
      draft: draftFor(callScheduledLate, OFFICE_ZONE),
    });
    expect(desk.announced).toEqual(['The call is scheduled; the customer has been told.']);
    expect(desk.calls.loadOrders).toEqual([{ view: 'queue' }, { view: 'queue' }]);
  });

  it('shows a refused change and keeps the form as typed, without loading the list again', async () => {
    const desk = officeDesk(
      {
        loadOrders: [[callPaid, reportPaid, otherCall]],
        scheduleCall: [new Error('The call cannot be scheduled.')],
        uploadReport: [new Error('The report was refused.')],
        deliverOrder: [new Error('The order cannot be delivered.')],
      },
      { now: CALL_STARTED },
    );
    await desk.settled('ready');
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.editSchedule', field: 'at', value: '2026-11-23T15:00' });
    desk.actor.send({ type: 'office.editSchedule', field: 'join', value: 'https://meet.example/abc' });
    desk.actor.send({ type: 'office.schedule' });
    await desk.settled('ready');
    expect(desk.context().draft).toEqual({ at: '2026-11-23T15:00', join: 'https://meet.example/abc', reason: '' });
    desk.actor.send({ type: 'office.select', id: reportPaid.id });
    desk.actor.send({ type: 'office.chooseReport', file: pdf });
    desk.actor.send({ type: 'office.sendReport' });
    expect(desk.desk()).toBe('sendingReport');
    await desk.settled('ready');
    expect(desk.context().report).toBe(pdf);
    desk.actor.send({ type: 'office.select', id: otherCall.id });
    desk.actor.send({ type: 'office.deliver' });
    desk.actor.send({ type: 'office.confirm' });
    expect(desk.desk()).toBe('delivering');
    await desk.settled('ready');
    expect(desk.context().selected).toEqual(otherCall);
    expect(desk.errors).toEqual([
      'The call cannot be scheduled.',
      'The report was refused.',
      'The order cannot be delivered.',
    ]);
    expect(desk.announced).toEqual([]);
    expect(desk.calls.loadOrders).toHaveLength(1);
  });

  it('takes a PDF of at most 10 MB for a report order, sends that very file, and says so', async () => {
    const desk = officeDesk({ loadOrders: [[callPaid, reportPaid]], uploadReport: [reportSent] });
    await desk.settled('ready');
    // No report to send yet.
    desk.actor.send({ type: 'office.select', id: reportPaid.id });
    desk.actor.send({ type: 'office.sendReport' });
    expect(desk.desk()).toBe('ready');
    desk.actor.send({ type: 'office.chooseReport', file: { type: 'text/plain', size: 12 } });
    // The toast says what the page takes.
    expect(desk.errors).toEqual(['Choose a PDF file of at most 10 MB.']);
    expect(desk.context().report).toBeNull();
    const largest: ChosenFile = { type: 'application/pdf', size: REPORT_MAX_BYTES };
    desk.actor.send({ type: 'office.chooseReport', file: largest });
    expect(desk.context().report).toBe(largest);
    // A refused file takes away the one chosen before.
    desk.actor.send({ type: 'office.chooseReport', file: { ...largest, size: REPORT_MAX_BYTES + 1 } });
    expect(desk.context().report).toBeNull();
    expect(desk.errors).toEqual([REPORT_REFUSED, REPORT_REFUSED]);
    desk.actor.send({ type: 'office.chooseReport', file: largest });
    desk.actor.send({ type: 'office.sendReport' });
    expect(desk.desk()).toBe('sendingReport');
    await desk.settled('loading');
    expect(desk.calls.uploadReport).toHaveLength(1);
    expect(desk.calls.uploadReport[0]!.id).toBe(reportPaid.id);
    expect(desk.calls.uploadReport[0]!.file).toBe(largest);
    expect(desk.context()).toMatchObject({ selected: reportSent, report: null, draft: emptyDraft });
    expect(desk.announced).toEqual(['The report was sent to the customer.']);
    expect(desk.calls.loadOrders).toHaveLength(2);
  });

  it('sends no report for a call order, whatever file was chosen', async () => {
    const desk = officeDesk({ loadOrders: [[callPaid]] });
    await desk.settled('ready');
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.chooseReport', file: pdf });
    desk.actor.send({ type: 'office.sendReport' });
    expect(desk.desk()).toBe('ready');
    expect(desk.calls.uploadReport).toEqual([]);
  });

  it('marks a scheduled call delivered only once it has started, and says so', async () => {
    vi.useFakeTimers({ now: CALL_STARTED - COUNTDOWN_REFRESH_MS });
    const early = officeDesk(
      { loadOrders: [[otherCall]], deliverOrder: [callDelivered] },
      { now: CALL_STARTED - COUNTDOWN_REFRESH_MS },
    );
    // The list's promise settles; the clock stays where it is.
    await vi.advanceTimersByTimeAsync(0);
    expect(early.desk()).toBe('ready');
    early.actor.send({ type: 'office.select', id: otherCall.id });
    early.actor.send({ type: 'office.deliver' });
    expect(early.desk()).toBe('ready');
    // The countdowns' clock reaches the call's start: now it may be delivered.
    vi.advanceTimersByTime(COUNTDOWN_REFRESH_MS);
    early.actor.send({ type: 'office.deliver' });
    expect(early.desk()).toBe('confirmingDelivery');
    early.actor.send({ type: 'office.confirm' });
    expect(early.desk()).toBe('delivering');
    vi.useRealTimers();
    expect(early.calls.deliverOrder).toEqual([{ id: otherCall.id }]);
  });

  it('marks only a scheduled call delivered, and says so', async () => {
    const desk = officeDesk(
      { loadOrders: [[callPaid, otherCall]], deliverOrder: [callDelivered] },
      { now: CALL_STARTED },
    );
    await desk.settled('ready');
    desk.actor.send({ type: 'office.deliver' });
    desk.actor.send({ type: 'office.select', id: callPaid.id });
    desk.actor.send({ type: 'office.deliver' });
    expect(desk.desk()).toBe('ready');
    desk.actor.send({ type: 'office.select', id: otherCall.id });
    desk.actor.send({ type: 'office.deliver' });
    desk.actor.send({ type: 'office.confirm' });
    await desk.settled('loading');
    expect(desk.calls.deliverOrder).toEqual([{ id: otherCall.id }]);
    expect(desk.context()).toMatchObject({ selected: callDelivered, draft: draftFor(callDelivered, OFFICE_ZONE) });
    expect(desk.announced).toEqual(['The order is marked delivered.']);
    expect(desk.calls.loadOrders).toHaveLength(2);
  });

  it('asks before marking delivered: nothing is sent until confirmed, and nothing else is taken meanwhile', async () => {
    const desk = officeDesk(
      { loadOrders: [[callPaid, otherCall], [callPaid]], deliverOrder: [callDelivered] },
      { now: CALL_STARTED },
    );
    await desk.settled('ready');
    desk.actor.send({ type: 'office.select', id: otherCall.id });
    // The dialog's answers mean nothing while it is closed.
    desk.actor.send({ type: 'office.confirm' });
    expect(desk.desk()).toBe('ready');
    desk.actor.send({ type: 'office.deliver' });
    expect(desk.desk()).toBe('confirmingDelivery');
    // The dialog is modal: the page behind it takes nothing.
    for (const event of [
      { type: 'office.select', id: callPaid.id },
      { type: 'office.deselect' },
      { type: 'office.reload' },
      { type: 'office.switchView', view: 'unpaid' },
      { type: 'office.deliver' },
    ] as const) {
      desk.actor.send(event);
      expect(desk.desk()).toBe('confirmingDelivery');
    }
    expect(desk.context()).toMatchObject({ view: 'queue', selected: otherCall });
    desk.actor.send({ type: 'office.cancel' });
    expect(desk.desk()).toBe('ready');
    expect(desk.context().selected).toEqual(otherCall);
    expect(desk.calls.deliverOrder).toEqual([]);
    desk.actor.send({ type: 'office.deliver' });
    desk.actor.send({ type: 'office.confirm' });
    expect(desk.desk()).toBe('delivering');
    await desk.settled('ready');
    expect(desk.calls.deliverOrder).toEqual([{ id: otherCall.id }]);
    expect(desk.calls.loadOrders).toEqual([{ view: 'queue' }, { view: 'queue' }]);
  });

  it('reads the clock for the countdowns every minute', () => {
    vi.useFakeTimers({ now: OFFICE_NOW + 30_000 });
    const desk = officeDesk({});
    expect(desk.context().now).toBe(OFFICE_NOW);
    vi.advanceTimersByTime(COUNTDOWN_REFRESH_MS - 1);
    expect(desk.context().now).toBe(OFFICE_NOW);
    vi.advanceTimersByTime(1);
    expect(desk.context().now).toBe(OFFICE_NOW + 30_000 + COUNTDOWN_REFRESH_MS);
    vi.advanceTimersByTime(COUNTDOWN_REFRESH_MS);
    expect(desk.context().now).toBe(OFFICE_NOW + 30_000 + 2 * COUNTDOWN_REFRESH_MS);
    expect(COUNTDOWN_REFRESH_MS).toBe(60_000);
  });
});

it('fails with the name of a service the page did not provide', async () => {
  const errors: string[] = [];
  const showError = (_: unknown, { message }: { message: string }) => void errors.push(message);
  const input = { now: CALL_STARTED, timeZone: OFFICE_ZONE };
  const bare = createActor(officeQueueMachine.provide({ actions: { showError } }), { input }).start();
  await vi.waitFor(() => expect(errors).toEqual(['loadOrders is not provided']));
  expect(bare.getSnapshot().value).toEqual({ clock: 'ticking', desk: 'unavailable' });
  errors.length = 0;
  const listed = createActor(
    officeQueueMachine.provide({
      actors: { loadOrders: fromPromise(async () => [callPaid, reportPaid, otherCall]) },
      actions: { showError },
    }),
    { input: { ...input, orderId: 'call-9' } },
  ).start();
  await vi.waitFor(() => expect(errors).toEqual(['loadOrder is not provided']));
  const ready = () => vi.waitFor(() => expect(listed.getSnapshot().matches({ desk: 'ready' })).toBe(true));
  await ready();
  listed.send({ type: 'office.select', id: callPaid.id });
  listed.send({ type: 'office.editSchedule', field: 'at', value: '2026-11-23T15:00' });
  listed.send({ type: 'office.editSchedule', field: 'join', value: 'https://meet.example/abc' });
  listed.send({ type: 'office.schedule' });
  await ready();
  listed.send({ type: 'office.select', id: reportPaid.id });
  listed.send({ type: 'office.chooseReport', file: pdf });
  listed.send({ type: 'office.sendReport' });
  await ready();
  listed.send({ type: 'office.select', id: otherCall.id });
  listed.send({ type: 'office.deliver' });
  listed.send({ type: 'office.confirm' });
  await ready();
  expect(errors).toEqual([
    'loadOrder is not provided',
    'scheduleCall is not provided',
    'uploadReport is not provided',
    'deliverOrder is not provided',
  ]);
});
