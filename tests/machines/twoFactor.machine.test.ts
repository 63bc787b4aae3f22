import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PASSWORD_MAX } from '#domain/contract';
import { type OwnerProof, ownerProof, proofGiven } from '#machines/lib/ownerProof';
import { type TurnOffRequest, twoFactorMachine } from '#machines/twoFactor.machine';
import { describePathTests } from './pathTest';
import { RECOVERY_CODES, SECRET, TOTP_OFF, TOTP_ON, twoFactorSamples, twoFactorState } from './twoFactorSamples';

describePathTests({ machine: twoFactorMachine, ...twoFactorSamples, serializeState: twoFactorState });

const WRONG = 'This code is not right. Enter the code your authenticator app shows now.';
const setUpAnswer = { secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}` };

describe('turning the app on', () => {
  it('with a password: the proof, the secret, a refused first code kept, then the codes once', async () => {
    const proofs: OwnerProof[] = [];
    const codes: string[] = [];
    let on = false;
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => (on ? TOTP_ON : TOTP_OFF)),
          setUp: fromPromise(async ({ input }) => {
            proofs.push(input);
            return setUpAnswer;
          }),
          enable: fromPromise(async ({ input }) => {
            codes.push(input);
            if (input !== '111111') throw new Error(WRONG);
            on = true;
            return RECOVERY_CODES;
          }),
        },
      }),
      { input: { hasPassword: true } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ disabled: 'idle' }));
    actor.send({ type: 'totp.start' });
    // An empty password is not sent; a code cannot be asked for by an account with a password.
    actor.send({ type: 'totp.submit' });
    actor.send({ type: 'totp.sendCode' });
    expect(actor.getSnapshot().value).toEqual({ disabled: 'proving' });
    actor.send({ type: 'totp.change', field: 'password', value: ' secret pass ' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ disabled: 'scanning' }));
    expect(proofs).toEqual([{ currentPassword: ' secret pass ' }]);
    expect(actor.getSnapshot().context).toMatchObject({ pending: setUpAnswer, values: { password: '' } });
    actor.send({ type: 'totp.change', field: 'appCode', value: '12345' });
    actor.send({ type: 'totp.submit' });
    expect(actor.getSnapshot().value).toEqual({ disabled: 'scanning' });
    actor.send({ type: 'totp.change', field: 'appCode', value: ' 222222 ' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(WRONG));
    expect(actor.getSnapshot().value).toEqual({ disabled: 'scanning' });
    expect(actor.getSnapshot().context.values.appCode).toBe(' 222222 ');
    expect(actor.getSnapshot().context.pending).toEqual(setUpAnswer);
    actor.send({ type: 'totp.change', field: 'appCode', value: '111111' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showingCodes'));
    expect(codes).toEqual(['222222', '111111']);
    expect(actor.getSnapshot().context).toMatchObject({
      recoveryCodes: RECOVERY_CODES,
      pending: null,
      error: null,
      values: { password: '', emailCode: '', appCode: '' },
    });
    actor.send({ type: 'totp.acknowledge' });
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ enabled: 'idle' }));
    expect(actor.getSnapshot().context.status).toEqual(TOTP_ON);
  });

  it('without a password: a code is e-mailed on request, and the set-up sends it trimmed', async () => {
    const proofs: OwnerProof[] = [];
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => TOTP_OFF),
          requestCode: fromPromise(async () => 'We have sent a code.'),
          setUp: fromPromise(async ({ input }) => {
            proofs.push(input);
            throw new Error('This code is not valid.');
          }),
        },
      }),
      { input: { hasPassword: false } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ disabled: 'idle' }));
    actor.send({ type: 'totp.start' });
    actor.send({ type: 'totp.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe('We have sent a code.'));
    actor.send({ type: 'totp.change', field: 'emailCode', value: ' 123456 ' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('This code is not valid.'));
    expect(proofs).toEqual([{ code: '123456' }]);
    expect(actor.getSnapshot().value).toEqual({ disabled: 'proving' });
    expect(actor.getSnapshot().context.values.emailCode).toBe(' 123456 ');
    actor.send({ type: 'totp.cancel' });
    expect(actor.getSnapshot().context).toMatchObject({ values: { emailCode: '' }, error: null, notice: null });
  });
});

describe('while it is on', () => {
  it('turning off sends the proof and a recovery code, says so and reads the status again', async () => {
    const sent: TurnOffRequest[] = [];
    const announced: string[] = [];
    let on = true;
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => (on ? TOTP_ON : TOTP_OFF)),
          turnOff: fromPromise(async ({ input }) => {
            sent.push(input);
            on = false;
            return 'Off.';
          }),
        },
        actions: { announce: (_, { message }) => void announced.push(message) },
      }),
      { input: { hasPassword: true } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ enabled: 'idle' }));
    actor.send({ type: 'totp.turnOff' });
    actor.send({ type: 'totp.change', field: 'password', value: 'pw' });
    // Not a code of either kind.
    actor.send({ type: 'totp.change', field: 'appCode', value: 'abc' });
    actor.send({ type: 'totp.submit' });
    expect(actor.getSnapshot().value).toEqual({ enabled: 'turningOff' });
    actor.send({ type: 'totp.change', field: 'appCode', value: ' ABCD-2345 ' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ disabled: 'idle' }));
    expect(sent).toEqual([{ proof: { currentPassword: 'pw' }, twoFactorCode: 'ABCD-2345' }]);
    expect(announced).toEqual(['Off.']);
    // The form is forgotten, and the status read again is kept.
    expect(actor.getSnapshot().context).toMatchObject({
      status: TOTP_OFF,
      values: { password: '', emailCode: '', appCode: '' },
    });
  });

  it('starts by reading the status, with every form empty', () => {
    const actor = createActor(twoFactorMachine, { input: { hasPassword: true } }).start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loading');
    expect(snapshot.context).toStrictEqual({
      hasPassword: true,
      status: null,
      values: { password: '', emailCode: '', appCode: '' },
      pending: null,
      recoveryCodes: null,
      error: null,
      notice: null,
    });
  });

  it('a status that cannot be read says why and offers to try again', async () => {
    let calls = 0;
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new Error('Network Error');
            return TOTP_ON;
          }),
        },
      }),
      { input: { hasPassword: true } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    actor.send({ type: 'totp.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ enabled: 'idle' }));
  });
});

/** Every call refused with this text, so each form shows a refusal before it is sent again. */
const refuse = <Output, Input = unknown>(text: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(text);
  });
const refusingEverything = twoFactorMachine.provide({
  actors: {
    requestCode: refuse<string>('no mail'),
    setUp: refuse<typeof setUpAnswer, OwnerProof>('no set-up'),
    enable: refuse<string[], string>('no enable'),
    renewCodes: refuse<string[], string>('no codes'),
    turnOff: refuse<string, TurnOffRequest>('no off'),
  },
});

/** An actor past its status read, on or off. */
async function started(status: typeof TOTP_ON, hasPassword: boolean, machine = refusingEverything) {
  const actor = createActor(machine.provide({ actors: { loadStatus: fromPromise(async () => status) } }), {
    input: { hasPassword },
  }).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
  return actor;
}

describe('refusals and what the forms keep', () => {
  it('each call, sent again, clears the last refusal while it is out, and a refusal keeps every value', async () => {
    const off = await started(TOTP_OFF, false);
    off.send({ type: 'totp.start' });
    off.send({ type: 'totp.sendCode' });
    await vi.waitFor(() => expect(off.getSnapshot().context.error).toBe('no mail'));
    off.send({ type: 'totp.sendCode' });
    expect(off.getSnapshot().context.error).toBeNull();
    await vi.waitFor(() => expect(off.getSnapshot().context.error).toBe('no mail'));
    off.send({ type: 'totp.change', field: 'emailCode', value: '123456' });
    off.send({ type: 'totp.submit' });
    expect(off.getSnapshot()).toMatchObject({ value: { disabled: 'settingUp' }, context: { error: null } });
    await vi.waitFor(() => expect(off.getSnapshot().context.error).toBe('no set-up'));
    expect(off.getSnapshot().context.values).toEqual({ password: '', emailCode: '123456', appCode: '' });

    const on = await started(TOTP_ON, false);
    on.send({ type: 'totp.renew' });
    on.send({ type: 'totp.change', field: 'appCode', value: '654321' });
    on.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('no codes'));
    on.send({ type: 'totp.submit' });
    expect(on.getSnapshot()).toMatchObject({ value: { enabled: 'renewingCodes' }, context: { error: null } });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('no codes'));
    expect(on.getSnapshot().context.values.appCode).toBe('654321');
    on.send({ type: 'totp.cancel' });
    expect(on.getSnapshot().context).toMatchObject({ values: { appCode: '' }, error: null });

    on.send({ type: 'totp.turnOff' });
    on.send({ type: 'totp.sendCode' });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('no mail'));
    on.send({ type: 'totp.sendCode' });
    expect(on.getSnapshot()).toMatchObject({ value: { enabled: 'sendingOffCode' }, context: { error: null } });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('no mail'));
    on.send({ type: 'totp.change', field: 'emailCode', value: '123456' });
    on.send({ type: 'totp.change', field: 'appCode', value: 'abcd 2345' });
    on.send({ type: 'totp.submit' });
    expect(on.getSnapshot()).toMatchObject({ value: { enabled: 'disabling' }, context: { error: null } });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('no off'));
    expect(on.getSnapshot().context.values).toEqual({ password: '', emailCode: '123456', appCode: 'abcd 2345' });
    on.send({ type: 'totp.cancel' });
    expect(on.getSnapshot().context).toMatchObject({ values: { emailCode: '', appCode: '' }, error: null });
  });

  it('a refused first code is cleared when sent again; Cancel forgets the secret, the code and the refusal', async () => {
    const actor = await started(
      TOTP_OFF,
      true,
      refusingEverything.provide({ actors: { setUp: fromPromise(async () => setUpAnswer) } }),
    );
    actor.send({ type: 'totp.start' });
    actor.send({ type: 'totp.change', field: 'password', value: 'pw' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ disabled: 'scanning' }));
    actor.send({ type: 'totp.change', field: 'appCode', value: '654321' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('no enable'));
    actor.send({ type: 'totp.submit' });
    expect(actor.getSnapshot()).toMatchObject({ value: { disabled: 'enabling' }, context: { error: null } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('no enable'));
    actor.send({ type: 'totp.cancel' });
    expect(actor.getSnapshot().value).toEqual({ disabled: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({
      pending: null,
      values: { password: '', emailCode: '', appCode: '' },
      error: null,
      notice: null,
    });
  });

  it('the set-up forgets the e-mail notice and the proof once the secret is there', async () => {
    const actor = await started(
      TOTP_OFF,
      false,
      refusingEverything.provide({
        actors: {
          requestCode: fromPromise(async () => 'Sent.'),
          setUp: fromPromise(async () => setUpAnswer),
        },
      }),
    );
    actor.send({ type: 'totp.start' });
    actor.send({ type: 'totp.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe('Sent.'));
    actor.send({ type: 'totp.change', field: 'emailCode', value: '123456' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ disabled: 'scanning' }));
    expect(actor.getSnapshot().context).toMatchObject({
      notice: null,
      values: { password: '', emailCode: '', appCode: '' },
      pending: setUpAnswer,
    });
  });
});

describe('what the forms take', () => {
  const withValues = (hasPassword: boolean, values: Partial<Record<'password' | 'emailCode' | 'appCode', string>>) => ({
    hasPassword,
    values: { password: '', emailCode: '', appCode: '', ...values },
  });

  it('the proof: a password of 1 to 128 characters as typed, or six digits from the e-mail, trimmed', () => {
    expect(proofGiven(withValues(true, { password: 'x' }))).toBe(true);
    expect(proofGiven(withValues(true, { password: 'x'.repeat(PASSWORD_MAX) }))).toBe(true);
    expect(proofGiven(withValues(true, { password: 'x'.repeat(PASSWORD_MAX + 1) }))).toBe(false);
    expect(proofGiven(withValues(true, { password: '' }))).toBe(false);
    // The e-mailed code does not stand for a password, nor the password for a code.
    expect(proofGiven(withValues(true, { emailCode: '123456' }))).toBe(false);
    expect(proofGiven(withValues(false, { password: 'pw' }))).toBe(false);
    expect(proofGiven(withValues(false, { emailCode: ' 123456 ' }))).toBe(true);
    expect(proofGiven(withValues(false, { emailCode: '12345' }))).toBe(false);
    expect(proofGiven(withValues(false, { emailCode: '1234567' }))).toBe(false);
    expect(proofGiven(withValues(false, { emailCode: 'a123456' }))).toBe(false);
    expect(ownerProof(withValues(true, { password: ' pw ' }))).toEqual({ currentPassword: ' pw ' });
    expect(ownerProof(withValues(false, { emailCode: ' 123456 ' }))).toEqual({ code: '123456' });
  });

  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['abcd-2345', true],
    ['ABCD2345', true],
    ['abcd 2345', true],
    ['abcd-234', false],
    ['abcd--2345', false],
    ['12345', false],
    ['1234567', false],
    ['x123456', false],
    ['abcd-2345x', false],
    ['xabcd-2345', false],
  ])('turning off takes %j as the second code: %s', async (code, taken) => {
    const actor = await started(TOTP_ON, true);
    actor.send({ type: 'totp.turnOff' });
    actor.send({ type: 'totp.change', field: 'password', value: 'pw' });
    actor.send({ type: 'totp.change', field: 'appCode', value: code });
    expect(actor.getSnapshot().can({ type: 'totp.submit' })).toBe(taken);
  });

  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['abcd-2345', false],
    ['12345', false],
    ['1234567', false],
    ['a123456', false],
  ])('new recovery codes take %j as the app code: %s', async (code, taken) => {
    const actor = await started(TOTP_ON, true);
    actor.send({ type: 'totp.renew' });
    actor.send({ type: 'totp.change', field: 'appCode', value: code });
    expect(actor.getSnapshot().can({ type: 'totp.submit' })).toBe(taken);
  });

  it('the codes are sent trimmed', async () => {
    const sent: string[] = [];
    const actor = await started(
      TOTP_ON,
      true,
      refusingEverything.provide({
        actors: {
          renewCodes: fromPromise(async ({ input }) => {
            sent.push(input);
            return RECOVERY_CODES;
          }),
        },
      }),
    );
    actor.send({ type: 'totp.renew' });
    actor.send({ type: 'totp.change', field: 'appCode', value: ' 123456 ' });
    actor.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showingCodes'));
    expect(sent).toEqual(['123456']);
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: RECOVERY_CODES, values: { appCode: '' } });
  });

  it('with no server wired in, each call fails and says which one is missing', async () => {
    const actor = createActor(twoFactorMachine, { input: { hasPassword: false } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('loadStatus is not provided'));
    const off = await started(TOTP_OFF, false, twoFactorMachine);
    off.send({ type: 'totp.start' });
    off.send({ type: 'totp.sendCode' });
    await vi.waitFor(() => expect(off.getSnapshot().context.error).toBe('requestCode is not provided'));
    off.send({ type: 'totp.change', field: 'emailCode', value: '123456' });
    off.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(off.getSnapshot().context.error).toBe('setUp is not provided'));
    const on = await started(TOTP_ON, true, twoFactorMachine);
    on.send({ type: 'totp.renew' });
    on.send({ type: 'totp.change', field: 'appCode', value: '123456' });
    on.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('renewCodes is not provided'));
    on.send({ type: 'totp.cancel' });
    on.send({ type: 'totp.turnOff' });
    on.send({ type: 'totp.change', field: 'password', value: 'pw' });
    on.send({ type: 'totp.change', field: 'appCode', value: '123456' });
    on.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(on.getSnapshot().context.error).toBe('turnOff is not provided'));
    const scanning = await started(
      TOTP_OFF,
      true,
      twoFactorMachine.provide({ actors: { setUp: fromPromise(async () => setUpAnswer) } }),
    );
    scanning.send({ type: 'totp.start' });
    scanning.send({ type: 'totp.change', field: 'password', value: 'pw' });
    scanning.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(scanning.getSnapshot().value).toEqual({ disabled: 'scanning' }));
    scanning.send({ type: 'totp.change', field: 'appCode', value: '123456' });
    scanning.send({ type: 'totp.submit' });
    await vi.waitFor(() => expect(scanning.getSnapshot().context.error).toBe('enable is not provided'));
  });
});

it('turning off without a password: the e-mailed code is asked for, and the server says it was sent', async () => {
  const actor = await started(
    TOTP_ON,
    false,
    refusingEverything.provide({ actors: { requestCode: fromPromise(async () => 'Sent.') } }),
  );
  expect(actor.getSnapshot().context.status).toEqual(TOTP_ON);
  actor.send({ type: 'totp.turnOff' });
  actor.send({ type: 'totp.sendCode' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ enabled: 'turningOff' }));
  expect(actor.getSnapshot().context).toMatchObject({ notice: 'Sent.', error: null });
});
