import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { JOIN_MAX, REASON_MAX } from '#domain/orders';
import type { OfficeOrder } from '#domain/officeContract';
import { isoToZonedInput, zonedInputToIso } from '#domain/zonedTime';
import {
  canSchedule,
  deliverAt,
  draftFor,
  needsReason,
  officeQueueMachine,
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
  reportPaid,
  reportSent,
} from './fixtures';
import { describePathTests } from './pathTest';
import { officeQueueSamples, officeQueueState } from './samples';

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
/** A second call, scheduled: the fixtures' calls are one order in two states. */
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
