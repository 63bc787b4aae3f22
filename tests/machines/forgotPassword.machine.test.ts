import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';

it('with no server wired in, asking for a code fails and says which call is missing', async () => {
  const actor = createActor(forgotPasswordMachine).start();
  actor.send({ type: 'forgot.change', field: 'email', value: 'ada@example.com' });
  actor.send({ type: 'forgot.sendCode' });
  expect(actor.getSnapshot().value).toBe('sendingCode');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('askingEmail'));
  expect(actor.getSnapshot().context.error).toBe('requestCode is not provided');
});

it('with no reset wired in, a ready reset is refused saying which call is missing', async () => {
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: { requestCode: fromPromise(async () => ({ message: 'We sent a code.', ticket: 'T'.repeat(43) })) },
    }),
  ).start();
  actor.send({ type: 'forgot.change', field: 'email', value: 'ada@example.com' });
  actor.send({ type: 'forgot.sendCode' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
  actor.send({ type: 'forgot.change', field: 'code', value: '123456' });
  actor.send({ type: 'forgot.change', field: 'newPassword', value: 'a brand new password' });
  actor.send({ type: 'forgot.reset' });
  expect(actor.getSnapshot().value).toBe('resetting');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
  expect(actor.getSnapshot().context.error).toBe('resetPassword is not provided');
});
