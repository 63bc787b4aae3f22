/**
 * The office desk (machines/officeQueue.machine.ts) against answers given in advance: what it asks the server,
 * what it shows and announces, and how it moves between the list and an order. Its path test and rules are in
 * officeQueue.machine.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { REPORT_MAX_BYTES } from '#domain/orders';
import type { OfficeOrder, OfficeView, ScheduleRequest } from '#domain/officeContract';
import {
  type ChosenFile,
  COUNTDOWN_REFRESH_MS,
  draftFor,
  officeQueueMachine,
  type OfficeQueueInput,
  REPORT_REFUSED,
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
import { type Answer, scriptedService } from './scriptedService';

const emptyDraft = { at: '', join: '', reason: '' };
const pdf: ChosenFile = { type: 'application/pdf', size: 2048 };
const otherCall: OfficeOrder = { ...callScheduled, id: 'call-2' };
const CALL_STARTED = Date.parse(callScheduled.scheduledAt!);

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
