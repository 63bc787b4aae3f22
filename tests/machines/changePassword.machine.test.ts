import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { changePasswordMachine, type PasswordField } from '#machines/changePassword.machine';
import { PASSWORD_MAX } from '#domain/contract';
import type { Session } from '#domain/types';
import { changePasswordSamples, changePasswordState } from './accountSamples';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({ machine: changePasswordMachine, ...changePasswordSamples, serializeState: changePasswordState });

it('with no server wired in, Apply fails, says which call is missing and keeps the form', async () => {
  const actor = createActor(changePasswordMachine).start();
  const typed: Record<PasswordField, string> = {
    oldPassword: 'old password',
    newPassword: 'new password',
    confirmPassword: 'new password',
  };
  for (const [field, value] of Object.entries(typed)) {
    actor.send({ type: 'password.change', field: field as PasswordField, value });
  }
  actor.send({ type: 'password.submit' });
  expect(actor.getSnapshot().value).toBe('saving');
  // The page disables its form by this tag while the change is on its way.
  expect([...actor.getSnapshot().tags]).toEqual(['saving']);
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
  expect([...actor.getSnapshot().tags]).toEqual([]);
  expect(actor.getSnapshot().context).toMatchObject({ values: typed, error: 'changePassword is not provided' });
});

it('change password: sends the three fields as typed, stores the new session, clears the form and says so', async () => {
  const sent: unknown[] = [];
  const stored: Session[] = [];
  const announced = vi.fn();
  let fail = true;
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }: { input: Record<PasswordField, string> }) => {
          sent.push(input);
          if (fail) throw new Error('Your current password is incorrect.');
          return adaSession;
        }),
      },
      actions: { storeSession: (_, session: Session) => void stored.push(session), announceChanged: announced },
    }),
  ).start();
  const context = () => actor.getSnapshot().context;
  const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };
  expect(context()).toEqual({
    values: empty,
    visible: { oldPassword: false, newPassword: false, confirmPassword: false },
    error: null,
  });
  actor.send({ type: 'password.toggleVisibility', field: 'newPassword' });
  expect(context().visible).toEqual({ oldPassword: false, newPassword: true, confirmPassword: false });
  actor.send({ type: 'password.toggleVisibility', field: 'newPassword' });
  expect(context().visible.newPassword).toBe(false);

  const typed = { oldPassword: ' old secret ', newPassword: 'x'.repeat(PASSWORD_MAX), confirmPassword: '12345678' };
  for (const [field, value] of Object.entries(typed)) {
    actor.send({ type: 'password.change', field: field as keyof typeof typed, value });
  }
  expect(context().values).toEqual(typed);
  // Every field must be filled, not just one of them.
  actor.send({ type: 'password.change', field: 'confirmPassword', value: '' });
  actor.send({ type: 'password.submit' });
  expect(actor.getSnapshot().value).toBe('editing');
  actor.send({ type: 'password.change', field: 'confirmPassword', value: typed.confirmPassword });
  actor.send({ type: 'password.submit' });
  await vi.waitFor(() => expect(context().error).toBe('Your current password is incorrect.'));
  expect(actor.getSnapshot().value).toBe('editing');
  expect(context().values).toEqual(typed);
  expect(stored).toEqual([]);

  fail = false;
  actor.send({ type: 'password.submit' });
  expect(context().error).toBeNull();
  await vi.waitFor(() => expect(stored).toEqual([adaSession]));
  expect(sent).toEqual([typed, typed]);
  expect(actor.getSnapshot().value).toBe('editing');
  expect(context().values).toEqual(empty);
  expect(announced).toHaveBeenCalledTimes(1);
});

it('Apply needs every trimmed password to be 8 to 128 characters', () => {
  const actor = createActor(changePasswordMachine).start();
  const fill = (value: string) => {
    for (const field of ['oldPassword', 'newPassword', 'confirmPassword'] as const)
      actor.send({ type: 'password.change', field, value });
  };
  fill('  1234567  ');
  actor.send({ type: 'password.submit' });
  expect(actor.getSnapshot().value).toBe('editing');
  fill('x'.repeat(129));
  actor.send({ type: 'password.submit' });
  expect(actor.getSnapshot().value).toBe('editing');
  fill('12345678');
  actor.send({ type: 'password.submit' });
  expect(actor.getSnapshot().value).toBe('saving');
});
