import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type OwnerProof, type TurnOffRequest, totpSettingsMachine } from '#machines/totpSettings.machine';
import { describePathTests } from './pathTest';
import {
  RECOVERY_CODES,
  SECRET,
  TOTP_OFF,
  TOTP_ON,
  totpSettingsSamples,
  totpSettingsState,
} from './totpSettingsSamples';

describePathTests({ machine: totpSettingsMachine, ...totpSettingsSamples, serializeState: totpSettingsState });

const WRONG = 'This code is not right. Enter the code your authenticator app shows now.';
const setUpAnswer = { secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}` };

describe('turning the app on', () => {
  it('with a password: the proof, the secret, a refused first code kept, then the codes once', async () => {
    const proofs: OwnerProof[] = [];
    const codes: string[] = [];
    let on = false;
    const actor = createActor(
      totpSettingsMachine.provide({
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
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: RECOVERY_CODES, pending: null, error: null });
    actor.send({ type: 'totp.acknowledge' });
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ enabled: 'idle' }));
    expect(actor.getSnapshot().context.status).toEqual(TOTP_ON);
  });

  it('without a password: a code is e-mailed on request, and the set-up sends it trimmed', async () => {
    const proofs: OwnerProof[] = [];
    const actor = createActor(
      totpSettingsMachine.provide({
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
      totpSettingsMachine.provide({
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
  });

  it('starts by reading the status, with every form empty', () => {
    const actor = createActor(totpSettingsMachine, { input: { hasPassword: true } }).start();
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
      totpSettingsMachine.provide({
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
