import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { EMAIL_MAX } from '#domain/contract';
import type { StaffMember } from '#domain/officeContract';
import { grantableEmail, officeStaffMachine, revocable } from '#machines/officeStaff.machine';
import { staffAdmin, staffOffice } from './fixtures';
import { describePathTests } from './pathTest';
import { officeStaffSamples } from './samples';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({
  machine: officeStaffMachine,
  ...officeStaffSamples,
  check: (snapshot) => {
    // Only an office member's role is taken away here (or asked about); an admin's never.
    if (snapshot.matches('revoking') || snapshot.matches('confirmingRevoke')) {
      expect(snapshot.context.revoking).toBe(staffOffice.id);
    } else expect(snapshot.context.revoking).toBeNull();
  },
});

it('grants by the trimmed address and shows the list the server answers', async () => {
  const granted: string[] = [];
  const announced: string[] = [];
  let loads = 0;
  const actor = createActor(
    officeStaffMachine.provide({
      actors: {
        loadStaff: fromPromise(async () => {
          loads += 1;
          return [staffAdmin];
        }),
        grantOffice: fromPromise(async ({ input }) => {
          granted.push(input.email);
          return [staffAdmin, staffOffice];
        }),
      },
      actions: { announce: (_, { message }) => announced.push(message) },
    }),
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
  actor.send({ type: 'staff.changeEmail', value: '  olive@example.com ' });
  actor.send({ type: 'staff.grant' });
  await vi.waitFor(() => expect(actor.getSnapshot().context.staff).toEqual([staffAdmin, staffOffice]));
  expect(granted).toEqual(['olive@example.com']);
  expect(loads).toBe(1);
  expect(announced).toEqual(['Olive Office now has access to the office.']);
  expect(actor.getSnapshot().context.email).toBe('');
  // A blank or malformed address is not sent at all.
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
  actor.send({ type: 'staff.changeEmail', value: 'not an address' });
  actor.send({ type: 'staff.grant' });
  expect(actor.getSnapshot().value).not.toBe('granting');
});

/** The staff panel's machine against answers given in advance, with what it asked and showed. */
function staffPanel(answers: {
  loadStaff?: Answer<StaffMember[]>[];
  grantOffice?: Answer<StaffMember[]>[];
  revokeOffice?: Answer<StaffMember[]>[];
}) {
  const calls = {
    loadStaff: [] as unknown[],
    grantOffice: [] as { email: string }[],
    revokeOffice: [] as { id: string }[],
  };
  const errors: string[] = [];
  const announced: string[] = [];
  const actor = createActor(
    officeStaffMachine.provide({
      actors: {
        loadStaff: scriptedService(calls.loadStaff, answers.loadStaff ?? []),
        grantOffice: scriptedService(calls.grantOffice, answers.grantOffice ?? []),
        revokeOffice: scriptedService(calls.revokeOffice, answers.revokeOffice ?? []),
      },
      actions: {
        showError: (_, { message }) => void errors.push(message),
        announce: (_, { message }) => void announced.push(message),
      },
    }),
  ).start();
  return {
    actor,
    calls,
    errors,
    announced,
    context: () => actor.getSnapshot().context,
    settled: (state: string) => vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state)),
  };
}

const carol: StaffMember = { id: 'user-7', name: 'Carol Clerk', email: 'Carol@Example.com', role: 'office' };

describe('the staff panel', () => {
  it('takes a trimmed address of at most the longest one allowed', () => {
    expect(grantableEmail('  olive@example.com ')).toBe('olive@example.com');
    expect(grantableEmail('not an address')).toBeNull();
    expect(grantableEmail('')).toBeNull();
    const local = 'a'.repeat(EMAIL_MAX - '@example.com'.length);
    expect(grantableEmail(` ${local}@example.com `)).toBe(`${local}@example.com`);
    expect(grantableEmail(`a${local}@example.com`)).toBeNull();
  });

  it('lets only the office role be taken away', () => {
    expect(revocable(staffOffice)).toBe(true);
    expect(revocable(staffAdmin)).toBe(false);
  });

  it('starts empty and loading, and takes the address typed meanwhile', () => {
    const panel = staffPanel({});
    expect(panel.actor.getSnapshot().value).toBe('loading');
    expect(panel.context()).toEqual({ staff: [], email: '', revoking: null });
    panel.actor.send({ type: 'staff.changeEmail', value: 'olive@' });
    expect(panel.context().email).toBe('olive@');
    expect(panel.calls.loadStaff).toHaveLength(1);
  });

  it('says why the list failed and loads it again when asked', async () => {
    const panel = staffPanel({ loadStaff: [new Error('The server is down.'), [staffAdmin]] });
    await panel.settled('unavailable');
    expect(panel.errors).toEqual(['The server is down.']);
    expect(panel.context().staff).toEqual([]);
    panel.actor.send({ type: 'staff.reload' });
    await panel.settled('ready');
    expect(panel.context().staff).toEqual([staffAdmin]);
    expect(panel.calls.loadStaff).toHaveLength(2);
  });

  it('names the granted member as the answer lists them, whatever the case typed', async () => {
    const panel = staffPanel({ loadStaff: [[staffAdmin]], grantOffice: [[staffAdmin, carol]] });
    await panel.settled('ready');
    panel.actor.send({ type: 'staff.changeEmail', value: ' carol@example.COM ' });
    panel.actor.send({ type: 'staff.grant' });
    expect(panel.actor.getSnapshot().value).toBe('granting');
    await panel.settled('ready');
    expect(panel.calls.grantOffice).toEqual([{ email: 'carol@example.COM' }]);
    expect(panel.announced).toEqual(['Carol Clerk now has access to the office.']);
    expect(panel.context()).toEqual({ staff: [staffAdmin, carol], email: '', revoking: null });
  });

  it('names the address when the answer does not list it, as it stands when the answer comes', async () => {
    const panel = staffPanel({ loadStaff: [[staffAdmin]], grantOffice: [[staffAdmin], [staffAdmin]] });
    await panel.settled('ready');
    panel.actor.send({ type: 'staff.changeEmail', value: ' someone@example.com ' });
    panel.actor.send({ type: 'staff.grant' });
    await panel.settled('ready');
    expect(panel.announced).toEqual(['someone@example.com now has access to the office.']);
    // Typed over while the grant was out: the message names what the form now holds, trimmed.
    panel.actor.send({ type: 'staff.changeEmail', value: 'someone@example.com' });
    panel.actor.send({ type: 'staff.grant' });
    panel.actor.send({ type: 'staff.changeEmail', value: '  half typed  ' });
    await panel.settled('ready');
    expect(panel.announced[1]).toBe('half typed now has access to the office.');
    expect(panel.context().email).toBe('');
  });

  it('keeps the address typed when the grant is refused, and says why', async () => {
    const panel = staffPanel({
      loadStaff: [[staffAdmin]],
      grantOffice: [new Error('No account uses this e-mail address.')],
    });
    await panel.settled('ready');
    panel.actor.send({ type: 'staff.grant' });
    expect(panel.actor.getSnapshot().value).toBe('ready');
    panel.actor.send({ type: 'staff.changeEmail', value: 'nobody@example.com' });
    panel.actor.send({ type: 'staff.grant' });
    await panel.settled('ready');
    expect(panel.errors).toEqual(['No account uses this e-mail address.']);
    expect(panel.announced).toEqual([]);
    expect(panel.context()).toEqual({ staff: [staffAdmin], email: 'nobody@example.com', revoking: null });
  });

  it('revokes a listed office member only, names them, and shows the answer', async () => {
    const panel = staffPanel({ loadStaff: [[staffAdmin, staffOffice, carol]], revokeOffice: [[staffAdmin, carol]] });
    await panel.settled('ready');
    panel.actor.send({ type: 'staff.revoke', id: staffAdmin.id });
    panel.actor.send({ type: 'staff.revoke', id: 'user-unknown' });
    expect(panel.actor.getSnapshot().value).toBe('ready');
    panel.actor.send({ type: 'staff.revoke', id: staffOffice.id });
    // Asked first: nothing is sent until confirmed.
    expect(panel.actor.getSnapshot().value).toBe('confirmingRevoke');
    expect(panel.context().revoking).toBe(staffOffice.id);
    expect(panel.calls.revokeOffice).toEqual([]);
    panel.actor.send({ type: 'staff.confirm' });
    expect(panel.actor.getSnapshot().value).toBe('revoking');
    expect(panel.context().revoking).toBe(staffOffice.id);
    await panel.settled('ready');
    expect(panel.calls.revokeOffice).toEqual([{ id: staffOffice.id }]);
    expect(panel.announced).toEqual(['Olive Office no longer has access to the office.']);
    expect(panel.context()).toEqual({ staff: [staffAdmin, carol], email: '', revoking: null });
  });

  it('forgets the member when the revocation is cancelled, and sends nothing', async () => {
    const panel = staffPanel({ loadStaff: [[staffAdmin, staffOffice]] });
    await panel.settled('ready');
    // The dialog's answers mean nothing while it is closed.
    panel.actor.send({ type: 'staff.confirm' });
    panel.actor.send({ type: 'staff.cancel' });
    expect(panel.actor.getSnapshot().value).toBe('ready');
    panel.actor.send({ type: 'staff.revoke', id: staffOffice.id });
    expect(panel.actor.getSnapshot().value).toBe('confirmingRevoke');
    // While it is open no other member is asked about, and no grant starts.
    panel.actor.send({ type: 'staff.changeEmail', value: 'carol@example.com' });
    panel.actor.send({ type: 'staff.grant' });
    expect(panel.actor.getSnapshot().value).toBe('confirmingRevoke');
    panel.actor.send({ type: 'staff.cancel' });
    expect(panel.actor.getSnapshot().value).toBe('ready');
    expect(panel.context()).toEqual({ staff: [staffAdmin, staffOffice], email: 'carol@example.com', revoking: null });
    expect(panel.calls.revokeOffice).toEqual([]);
    expect(panel.calls.grantOffice).toEqual([]);
  });

  it('says why a revocation failed and keeps the list', async () => {
    const panel = staffPanel({ loadStaff: [[staffAdmin, staffOffice]], revokeOffice: [new Error('Network Error')] });
    await panel.settled('ready');
    panel.actor.send({ type: 'staff.revoke', id: staffOffice.id });
    panel.actor.send({ type: 'staff.confirm' });
    await panel.settled('ready');
    expect(panel.errors).toEqual(['Network Error']);
    expect(panel.announced).toEqual([]);
    expect(panel.context()).toEqual({ staff: [staffAdmin, staffOffice], email: '', revoking: null });
  });
});

it('fails with the name of a service the page did not provide', async () => {
  const errors: string[] = [];
  const showError = (_: unknown, { message }: { message: string }) => void errors.push(message);
  const bare = createActor(officeStaffMachine.provide({ actions: { showError } })).start();
  await vi.waitFor(() => expect(bare.getSnapshot().value).toBe('unavailable'));
  expect(errors).toEqual(['loadStaff is not provided']);
  const listed = createActor(
    officeStaffMachine.provide({
      actors: { loadStaff: fromPromise(async () => [staffAdmin, staffOffice]) },
      actions: { showError },
    }),
  ).start();
  await vi.waitFor(() => expect(listed.getSnapshot().value).toBe('ready'));
  listed.send({ type: 'staff.changeEmail', value: 'carol@example.com' });
  listed.send({ type: 'staff.grant' });
  await vi.waitFor(() => expect(errors).toHaveLength(2));
  listed.send({ type: 'staff.revoke', id: staffOffice.id });
  listed.send({ type: 'staff.confirm' });
  await vi.waitFor(() => expect(errors).toHaveLength(3));
  expect(errors.slice(1)).toEqual(['grantOffice is not provided', 'revokeOffice is not provided']);
});
