import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { verifyEmailMachine } from '#machines/verifyEmail.machine';
import type { User } from '#domain/types';
import { verifyEmailSamples } from './accountSamples';
import { ada } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({ machine: verifyEmailMachine, ...verifyEmailSamples });

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

it('verify e-mail: six digits, trimmed, and the verified user is stored; errors show and typing clears them', async () => {
  const confirmed: unknown[] = [];
  const stored: User[] = [];
  let sendFails = true;
  let confirmFails = true;
  const verified = { ...ada, emailVerified: true };
  const actor = createActor(
    verifyEmailMachine.provide({
      actors: {
        sendCode: fromPromise(async () => {
          if (sendFails) throw new Error('Network Error');
        }),
        confirmCode: fromPromise(async ({ input }: { input: { code: string } }) => {
          confirmed.push(input);
          if (confirmFails) throw new Error('This code is not valid.');
          return verified;
        }),
      },
      actions: { storeUser: (_, user: User) => void stored.push(user) },
    }),
  ).start();
  const context = () => actor.getSnapshot().context;
  expect(context()).toEqual({ code: '', error: null });
  actor.send({ type: 'verify.start' });
  await vi.waitFor(() => expect(context().error).toBe('Network Error'));
  expect(actor.getSnapshot().value).toBe('idle');
  sendFails = false;
  actor.send({ type: 'verify.start' });
  expect(context().error).toBeNull();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));

  for (const code of ['12345', '1234567', 'a123456', '123456a']) {
    actor.send({ type: 'verify.change', code });
    actor.send({ type: 'verify.submit' });
    expect(actor.getSnapshot().value, code).toBe('awaitingCode');
  }
  actor.send({ type: 'verify.change', code: ' 123456 ' });
  actor.send({ type: 'verify.submit' });
  await vi.waitFor(() => expect(context().error).toBe('This code is not valid.'));
  expect(actor.getSnapshot().value).toBe('awaitingCode');
  expect(context().code).toBe(' 123456 ');
  actor.send({ type: 'verify.change', code: '654321' });
  expect(context()).toEqual({ code: '654321', error: null });

  actor.send({ type: 'verify.cancel' });
  expect(actor.getSnapshot().value).toBe('idle');
  expect(context()).toEqual({ code: '', error: null });
  actor.send({ type: 'verify.start' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));
  actor.send({ type: 'verify.change', code: '111111' });
  actor.send({ type: 'verify.resend' });
  expect(context().code).toBe('');
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));
  confirmFails = false;
  actor.send({ type: 'verify.change', code: '222222' });
  actor.send({ type: 'verify.submit' });
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(confirmed).toEqual([{ code: '123456' }, { code: '222222' }]);
  expect(stored).toEqual([verified]);
});
