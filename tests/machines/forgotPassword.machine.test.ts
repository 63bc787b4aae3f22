import { expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine, type ResetInput } from '#machines/forgotPassword.machine';
import { PASSWORD_MAX, PASSWORD_MIN } from '#domain/contract';
import { forgotPasswordSamples, forgotPasswordState } from './accountSamples';
import { describePathTests } from './pathTest';

describePathTests({ machine: forgotPasswordMachine, ...forgotPasswordSamples, serializeState: forgotPasswordState });

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

it('forgot password: sends the trimmed e-mail, keeps what the server said, and resets with the trimmed code and its ticket', async () => {
  const requested: Array<{ email: string }> = [];
  const resets: ResetInput[] = [];
  let tickets = 0;
  let failRequest = true;
  let failReset = true;
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }: { input: { email: string } }) => {
          requested.push(input);
          if (failRequest) throw new Error('Too many attempts.');
          tickets += 1;
          return { message: 'We sent a code.', ticket: `ticket ${tickets}` };
        }),
        resetPassword: fromPromise(async ({ input }: { input: ResetInput }) => {
          resets.push(input);
          if (failReset) throw new Error('This code is not valid.');
          return 'Your password was reset.';
        }),
      },
    }),
  ).start();
  const context = () => actor.getSnapshot().context;
  const change = (field: 'email' | 'code' | 'newPassword', value: string) =>
    actor.send({ type: 'forgot.change', field, value });
  expect(context()).toEqual({
    email: '',
    code: '',
    newPassword: '',
    error: null,
    notice: null,
    ticket: null,
    removeOtherSignIns: false,
  });

  change('email', 'ada@example');
  actor.send({ type: 'forgot.sendCode' });
  expect(actor.getSnapshot().value).toBe('askingEmail');
  change('email', '  ada@example.com  ');
  actor.send({ type: 'forgot.sendCode' });
  await vi.waitFor(() => expect(context().error).toBe('Too many attempts.'));
  expect(actor.getSnapshot().value).toBe('askingEmail');
  change('email', '  ada@example.com  ');
  expect(context().error).toBeNull();
  failRequest = false;
  actor.send({ type: 'forgot.sendCode' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
  expect(requested).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }]);
  expect(context()).toMatchObject({ notice: 'We sent a code.', ticket: 'ticket 1' });

  const password = 'x'.repeat(PASSWORD_MIN);
  for (const [code, newPassword] of [
    ['12345', password],
    ['1234567', password],
    ['x123456', password],
    ['123456x', password],
    ['123456', ` ${'x'.repeat(PASSWORD_MIN - 1)} `],
    ['123456', 'x'.repeat(PASSWORD_MAX + 1)],
  ]) {
    change('code', code!);
    change('newPassword', newPassword!);
    actor.send({ type: 'forgot.reset' });
    expect(actor.getSnapshot().value, `${code} / ${newPassword!.length}`).toBe('enteringCode');
  }
  change('code', ' 123456 ');
  change('newPassword', ` ${'x'.repeat(PASSWORD_MAX - 2)} `);
  actor.send({ type: 'forgot.reset' });
  await vi.waitFor(() => expect(context().error).toBe('This code is not valid.'));
  expect(actor.getSnapshot().value).toBe('enteringCode');
  expect(resets).toEqual([
    {
      email: 'ada@example.com',
      code: '123456',
      newPassword: ` ${'x'.repeat(PASSWORD_MAX - 2)} `,
      ticket: 'ticket 1',
      removeOtherSignIns: false,
    },
  ]);

  // Another address: the code typed for the old one goes, and so does what the server said.
  actor.send({ type: 'forgot.changeEmail' });
  expect(actor.getSnapshot().value).toBe('askingEmail');
  expect(context()).toMatchObject({ code: '', notice: null, ticket: null, email: '  ada@example.com  ' });
  actor.send({ type: 'forgot.sendCode' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
  change('code', '654321');
  change('newPassword', password);
  // The new request's ticket goes with the code, and the choice to end the other ways in.
  actor.send({ type: 'forgot.toggleRemoveOthers' });
  actor.send({ type: 'forgot.toggleRemoveOthers' });
  actor.send({ type: 'forgot.toggleRemoveOthers' });
  failReset = false;
  actor.send({ type: 'forgot.reset' });
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(resets.at(-1)).toMatchObject({ code: '654321', ticket: 'ticket 2', removeOtherSignIns: true });
  expect(context()).toMatchObject({ notice: 'Your password was reset.', newPassword: '' });
});
