import { expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { changePasswordMachine, type PasswordField } from '../../machines/changePassword.machine';

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
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
  expect(actor.getSnapshot().context).toMatchObject({ values: typed, error: 'changePassword is not provided' });
});
