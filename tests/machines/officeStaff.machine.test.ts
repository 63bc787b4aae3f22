import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { officeStaffMachine } from '../../machines/officeStaff.machine';
import { staffAdmin, staffOffice } from './fixtures';
import { describePathTests } from './pathTest';
import { officeStaffSamples } from './samples';

describePathTests({
  machine: officeStaffMachine,
  ...officeStaffSamples,
  check: (snapshot) => {
    // Only an office member's role is taken away here; an admin's never.
    if (snapshot.matches('revoking')) expect(snapshot.context.revoking).toBe(staffOffice.id);
    else expect(snapshot.context.revoking).toBeNull();
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
