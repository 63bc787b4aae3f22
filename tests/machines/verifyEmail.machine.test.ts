import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../machines/verifyEmail.machine';

it('with no server wired in, sending the code fails and says which call is missing', async () => {
  const actor = createActor(verifyEmailMachine).start();
  actor.send({ type: 'verify.start' });
  expect(actor.getSnapshot().value).toBe('sending');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
  expect(actor.getSnapshot().context.error).toBe('sendCode is not provided');
});

it('with no confirmation wired in, a complete code is refused saying which call is missing', async () => {
  const actor = createActor(
    verifyEmailMachine.provide({ actors: { sendCode: fromPromise<void>(async () => {}) } }),
  ).start();
  actor.send({ type: 'verify.start' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));
  actor.send({ type: 'verify.change', code: '123456' });
  actor.send({ type: 'verify.submit' });
  expect(actor.getSnapshot().value).toBe('checking');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));
  expect(actor.getSnapshot().context).toEqual({ code: '123456', error: 'confirmCode is not provided' });
});
