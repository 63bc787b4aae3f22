import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OfficeOrder } from '../../domain/officeContract';
import { isoToZonedInput, zonedInputToIso } from '../../machines/lib/zonedTime';
import { canSchedule, needsReason, officeQueueMachine, REPORT_REFUSED } from '../../machines/officeQueue.machine';
import { callPaid, callScheduled, OFFICE_NOW, OFFICE_ZONE, reportPaid } from './fixtures';
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
    if (snapshot.matches({ desk: 'delivering' })) {
      expect(['scheduled', 'reportSent']).toContain(snapshot.context.selected?.status);
    }
    // The address's order is opened once, after the list.
    if (snapshot.matches({ desk: 'ready' })) expect(snapshot.context.opening).toBeNull();
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
      file: { name: 'big.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 },
    });
    actor.send({ type: 'office.sendReport' });
    expect(errors).toEqual([REPORT_REFUSED]);
    expect(actor.getSnapshot().matches({ desk: 'ready' })).toBe(true);
  });
});
