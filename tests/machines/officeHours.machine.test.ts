import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AvailabilityRequest, AvailabilityResponse } from '#domain/bookingContract';
import { DAYS_OFF_MAX, HOURS_RANGES_PER_DAY_MAX } from '#domain/bookingContract';
import { hoursProblem } from '#machines/lib/officeHoursProblem';
import {
  FIRST_RANGE,
  type HoursLoaded,
  hoursRequest,
  NO_HOURS,
  officeHoursMachine,
} from '#machines/officeHours.machine';
import { staffAdmin, staffOffice } from './fixtures';
import { adminHours, FULL_MONDAY, officeHoursSamples } from './officeHoursSamples';
import { describePathTests } from './pathTest';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({
  machine: officeHoursMachine,
  ...officeHoursSamples,
  check: (snapshot) => {
    // What is sent is what the contract takes: a problem stops the save before it leaves.
    if (snapshot.hasTag('saving')) expect(hoursProblem(hoursRequest(snapshot.context))).toBeNull();
    if (!snapshot.hasTag('changed')) expect(snapshot.context.problem).toBeNull();
  },
});

const officeHours: AvailabilityResponse = { ...adminHours, memberId: staffOffice.id, weekly: NO_HOURS };

/** The editor's machine against answers given in advance, with what it asked for. */
function hoursEditor(
  isAdmin: boolean,
  answers: { loadHours?: Answer<HoursLoaded>[]; saveHours?: Answer<AvailabilityResponse>[] },
) {
  const calls = {
    loadHours: [] as { member: string | null; staff: boolean }[],
    saveHours: [] as { member: string | null; hours: AvailabilityRequest }[],
  };
  const actor = createActor(
    officeHoursMachine.provide({
      actors: {
        loadHours: scriptedService(calls.loadHours, answers.loadHours ?? []),
        saveHours: scriptedService(calls.saveHours, answers.saveHours ?? []),
      },
    }),
    { input: { isAdmin } },
  ).start();
  return {
    actor,
    calls,
    send: actor.send.bind(actor),
    context: () => actor.getSnapshot().context,
    tags: () => [...actor.getSnapshot().tags].sort(),
    settled: (tag: 'loading' | 'saving') => vi.waitFor(() => expect(actor.getSnapshot().hasTag(tag)).toBe(false)),
  };
}

describe('the hours editor', () => {
  it('tags each state the page shows', () => {
    const tagged: Record<string, string[]> = {};
    const visit = (node: (typeof officeHoursMachine)['root']) => {
      for (const tag of node.tags) (tagged[tag] ??= []).push(node.id);
      Object.values(node.states).forEach((child) => visit(child as typeof node));
    };
    visit(officeHoursMachine.root);
    expect(tagged).toStrictEqual({
      loading: ['officeHours.loading'],
      failed: ['officeHours.unavailable'],
      changed: ['officeHours.ready.changed', 'officeHours.ready.saveFailed', 'officeHours.saving'],
      saved: ['officeHours.ready.saved'],
      saveFailed: ['officeHours.ready.saveFailed'],
      saving: ['officeHours.saving'],
    });
  });

  it("loads a member's own hours, and the staff list only for an admin", async () => {
    const editor = hoursEditor(false, { loadHours: [{ hours: officeHours, staff: [] }] });
    expect(editor.tags()).toEqual(['loading']);
    await editor.settled('loading');
    expect(editor.calls.loadHours).toEqual([{ member: null, staff: false }]);
    expect(editor.context()).toMatchObject({ member: null, saved: officeHours, weekly: NO_HOURS, daysOff: [] });
    // Only an admin picks another member.
    editor.send({ type: 'hours.pickMember', member: staffAdmin.id });
    expect(editor.tags()).toEqual([]);
    expect(editor.calls.loadHours).toHaveLength(1);
  });

  it("lets an admin pick a listed member's hours, and go back to their own", async () => {
    const staff = [staffAdmin, staffOffice];
    const editor = hoursEditor(true, {
      loadHours: [
        { hours: adminHours, staff },
        { hours: officeHours, staff },
        { hours: adminHours, staff },
      ],
    });
    await editor.settled('loading');
    editor.send({ type: 'hours.pickMember', member: 'user-unknown' });
    editor.send({ type: 'hours.pickMember', member: null });
    expect(editor.calls.loadHours).toHaveLength(1);
    editor.send({ type: 'hours.pickMember', member: staffOffice.id });
    await editor.settled('loading');
    expect(editor.context()).toMatchObject({ member: staffOffice.id, saved: officeHours, weekly: NO_HOURS });
    // Not while an edit is unsaved: it would be lost.
    editor.send({ type: 'hours.addRange', day: 'friday' });
    editor.send({ type: 'hours.pickMember', member: null });
    expect(editor.tags()).toEqual(['changed']);
    editor.send({ type: 'hours.discard' });
    editor.send({ type: 'hours.pickMember', member: null });
    await editor.settled('loading');
    expect(editor.calls.loadHours).toEqual([
      { member: null, staff: true },
      { member: staffOffice.id, staff: true },
      { member: null, staff: true },
    ]);
    expect(editor.context().weekly.monday).toEqual(FULL_MONDAY);
  });

  it("lets an admin pick a member after a member's hours failed to load, and after a save", async () => {
    const staff = [staffAdmin, staffOffice];
    const editor = hoursEditor(true, {
      loadHours: [
        { hours: adminHours, staff },
        new Error('The server is down.'),
        { hours: adminHours, staff },
        { hours: officeHours, staff },
      ],
      saveHours: [adminHours],
    });
    await editor.settled('loading');
    editor.send({ type: 'hours.pickMember', member: staffOffice.id });
    await editor.settled('loading');
    expect(editor.tags()).toEqual(['failed']);
    expect(editor.context().member).toBe(staffOffice.id);
    // From the failure: back to their own hours.
    editor.send({ type: 'hours.pickMember', member: null });
    await editor.settled('loading');
    expect(editor.tags()).toEqual([]);
    expect(editor.context().member).toBeNull();
    // Saved: another member at once.
    editor.send({ type: 'hours.addRange', day: 'friday' });
    editor.send({ type: 'hours.save' });
    await editor.settled('saving');
    expect(editor.tags()).toEqual(['saved']);
    editor.send({ type: 'hours.pickMember', member: staffOffice.id });
    await editor.settled('loading');
    expect(editor.context()).toMatchObject({ member: staffOffice.id, saved: officeHours });
    expect(editor.calls.loadHours.map((call) => call.member)).toEqual([null, staffOffice.id, null, staffOffice.id]);
  });

  it('says why loading failed and loads again when asked', async () => {
    const editor = hoursEditor(false, {
      loadHours: [new Error('The server is down.'), { hours: officeHours, staff: [] }],
    });
    await editor.settled('loading');
    expect(editor.tags()).toEqual(['failed']);
    expect(editor.context().error).toBe('The server is down.');
    editor.send({ type: 'hours.retry' });
    await editor.settled('loading');
    expect(editor.tags()).toEqual([]);
    expect(editor.context().error).toBeNull();
  });

  it('adds a working day first, then empty ranges, at most the most a day allows', async () => {
    const editor = hoursEditor(false, { loadHours: [{ hours: officeHours, staff: [] }] });
    await editor.settled('loading');
    for (let i = 0; i <= HOURS_RANGES_PER_DAY_MAX; i += 1) editor.send({ type: 'hours.addRange', day: 'friday' });
    const empty = { start: '', end: '' };
    expect(editor.context().weekly.friday).toEqual([FIRST_RANGE, empty, empty, empty]);
    editor.send({ type: 'hours.changeRange', day: 'friday', index: 1, edge: 'start', value: '18:00' });
    editor.send({ type: 'hours.changeRange', day: 'friday', index: 1, edge: 'end', value: '20:00' });
    editor.send({ type: 'hours.removeRange', day: 'friday', index: 2 });
    editor.send({ type: 'hours.removeRange', day: 'friday', index: 4 });
    editor.send({ type: 'hours.changeRange', day: 'friday', index: -1, edge: 'end', value: '21:00' });
    expect(editor.context().weekly.friday).toEqual([FIRST_RANGE, { start: '18:00', end: '20:00' }, empty]);
    expect(editor.context().weekly.thursday).toEqual([]);
  });

  it('shows the first problem beside its field, and saves nothing until it is mended', async () => {
    const saved = { ...officeHours, weekly: { ...NO_HOURS, friday: [FIRST_RANGE] }, daysOff: ['2026-12-24'] };
    const editor = hoursEditor(false, { loadHours: [{ hours: officeHours, staff: [] }], saveHours: [saved] });
    await editor.settled('loading');
    editor.send({ type: 'hours.addRange', day: 'friday' });
    editor.send({ type: 'hours.addRange', day: 'friday' });
    editor.send({ type: 'hours.save' });
    expect(editor.context().problem).toEqual({
      field: 'friday-1-start',
      message: 'Friday, range 2: give the start time as hours and minutes.',
    });
    expect(editor.calls.saveHours).toEqual([]);
    editor.send({ type: 'hours.changeRange', day: 'friday', index: 1, edge: 'start', value: '16:00' });
    expect(editor.context().problem).toBeNull();
    editor.send({ type: 'hours.changeRange', day: 'friday', index: 1, edge: 'end', value: '18:00' });
    editor.send({ type: 'hours.save' });
    expect(editor.context().problem).toEqual({
      field: 'friday',
      message: 'Friday: each range must start before it ends, in order, without overlapping the next.',
    });
    editor.send({ type: 'hours.removeRange', day: 'friday', index: 1 });
    editor.send({ type: 'hours.addDayOff', date: '2026-12-24' });
    editor.send({ type: 'hours.addDayOff', date: '2026-12-24' });
    editor.send({ type: 'hours.save' });
    expect(editor.tags()).toEqual(['changed', 'saving']);
    await editor.settled('saving');
    expect(editor.calls.saveHours).toEqual([
      { member: null, hours: { weekly: { ...NO_HOURS, friday: [FIRST_RANGE] }, daysOff: ['2026-12-24'] } },
    ]);
    expect(editor.tags()).toEqual(['saved']);
    expect(editor.context()).toMatchObject({ saved, problem: null, error: null });
  });

  it('keeps days off in date order, once each, and refuses a date that does not exist when saving', async () => {
    const editor = hoursEditor(false, { loadHours: [{ hours: officeHours, staff: [] }] });
    await editor.settled('loading');
    for (const date of ['2026-12-31', '2026-12-24', 'soon', '2026-13-45', '2027-02-30'])
      editor.send({ type: 'hours.addDayOff', date });
    expect(editor.context().daysOff).toEqual(['2026-12-24', '2026-12-31', '2027-02-30']);
    editor.send({ type: 'hours.save' });
    expect(editor.context().problem).toEqual({
      field: 'daysOff',
      message: 'Days off: 2027-02-30 must be a date that exists.',
    });
    editor.send({ type: 'hours.removeDayOff', date: '2027-02-30' });
    editor.send({ type: 'hours.removeDayOff', date: '2027-03-01' });
    expect(editor.context().daysOff).toEqual(['2026-12-24', '2026-12-31']);
  });

  it('takes days off up to the most the server keeps, and no more', async () => {
    const editor = hoursEditor(false, { loadHours: [{ hours: officeHours, staff: [] }] });
    await editor.settled('loading');
    const day = (n: number) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10);
    for (let n = 0; n <= DAYS_OFF_MAX; n += 1) editor.send({ type: 'hours.addDayOff', date: day(n) });
    expect(editor.context().daysOff).toHaveLength(DAYS_OFF_MAX);
    expect(editor.context().daysOff).not.toContain(day(DAYS_OFF_MAX));
    // One removed makes room again.
    editor.send({ type: 'hours.removeDayOff', date: day(0) });
    editor.send({ type: 'hours.addDayOff', date: day(DAYS_OFF_MAX) });
    expect(editor.context().daysOff.at(-1)).toBe(day(DAYS_OFF_MAX));
  });

  it('keeps the edits when saving fails, sends them again, or goes back to what was saved', async () => {
    const editor = hoursEditor(true, {
      loadHours: [{ hours: adminHours, staff: [staffAdmin] }],
      saveHours: [new Error('Network Error'), new Error('Network Error')],
    });
    await editor.settled('loading');
    editor.send({ type: 'hours.removeRange', day: 'monday', index: 3 });
    editor.send({ type: 'hours.save' });
    await editor.settled('saving');
    expect(editor.tags()).toEqual(['changed', 'saveFailed']);
    expect(editor.context().error).toBe('Network Error');
    expect(editor.context().weekly.monday).toEqual(FULL_MONDAY.slice(0, 3));
    editor.send({ type: 'hours.retry' });
    await editor.settled('saving');
    expect(editor.calls.saveHours).toHaveLength(2);
    expect(editor.calls.saveHours[1]).toEqual(editor.calls.saveHours[0]);
    editor.send({ type: 'hours.discard' });
    expect(editor.tags()).toEqual([]);
    expect(editor.context()).toMatchObject({ weekly: adminHours.weekly, error: null, problem: null });
  });
});

it('says what the contract refuses that the form cannot cause, as the struct says it', () => {
  const tooMany = Array.from({ length: DAYS_OFF_MAX + 1 }, (_, day) =>
    new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
  );
  expect(hoursProblem({ weekly: NO_HOURS, daysOff: tooMany })).toEqual({
    field: 'daysOff',
    message: `Expected a array with a length between \`0\` and \`${DAYS_OFF_MAX}\` but received one with a length of \`${DAYS_OFF_MAX + 1}\``,
  });
  expect(hoursProblem({ daysOff: [] } as unknown as AvailabilityRequest)).toEqual({
    field: 'weekly',
    message: 'Expected an object, but received: undefined',
  });
  expect(hoursProblem({ weekly: NO_HOURS, daysOff: [] })).toBeNull();
  // An end time the form let through (typed by hand): the field is the range's end.
  expect(hoursProblem({ weekly: { ...NO_HOURS, tuesday: [{ start: '09:00', end: '9 pm' }] }, daysOff: [] })).toEqual({
    field: 'tuesday-0-end',
    message: 'Tuesday, range 1: give the end time as hours and minutes.',
  });
});

it('fails with the name of a service the page did not provide', async () => {
  const bare = createActor(officeHoursMachine, { input: { isAdmin: false } }).start();
  await vi.waitFor(() => expect(bare.getSnapshot().hasTag('failed')).toBe(true));
  expect(bare.getSnapshot().context.error).toBe('loadHours is not provided');
  const loaded = createActor(
    officeHoursMachine.provide({
      actors: {
        loadHours: scriptedService<{ member: string | null; staff: boolean }, HoursLoaded>(
          [],
          [{ hours: officeHours, staff: [] }],
        ),
      },
    }),
    { input: { isAdmin: false } },
  ).start();
  await vi.waitFor(() => expect(loaded.getSnapshot().hasTag('loading')).toBe(false));
  loaded.send({ type: 'hours.addDayOff', date: '2026-12-24' });
  loaded.send({ type: 'hours.save' });
  await vi.waitFor(() => expect(loaded.getSnapshot().hasTag('saveFailed')).toBe(true));
  expect(loaded.getSnapshot().context.error).toBe('saveHours is not provided');
});
