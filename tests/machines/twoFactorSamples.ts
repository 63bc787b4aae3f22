/**
 * The authenticator app's machine (machines/twoFactor.machine.ts): sample events, answers and failures,
 * shared by its path test and its browser model (tests/e2e/model/twoFactor.model.ts).
 */
import type { SnapshotFrom } from 'xstate';
import type { TwoFactorStatus } from '#domain/twoFactorContract';
import type { twoFactorMachine } from '#machines/twoFactor.machine';
import type { PathTestOptions } from '#toolkit';

type Samples = Pick<
  PathTestOptions<typeof twoFactorMachine>,
  'events' | 'outputs' | 'errors' | 'inputs' | 'filterEvents'
>;

export const TOTP_OFF: TwoFactorStatus = { totp: false, totpSince: null, recoveryCodesLeft: 0, required: false };
export const TOTP_ON: TwoFactorStatus = {
  totp: true,
  totpSince: '2026-11-21T09:00:00.000Z',
  recoveryCodesLeft: 10,
  required: false,
};
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-d${i}ef`);

/** Which fields a person can type into in each state: the forms show only their own. */
function typedHere(snapshot: SnapshotFrom<typeof twoFactorMachine>, field: string, value: string): boolean {
  const { hasPassword } = snapshot.context;
  const proving = snapshot.matches({ disabled: 'proving' }) || snapshot.matches({ enabled: 'turningOff' });
  if (field === 'password') return proving && hasPassword;
  if (field === 'emailCode') return proving && !hasPassword;
  // A recovery code is taken only to turn the app off.
  if (!/^\d{6}$/.test(value)) return snapshot.matches({ enabled: 'turningOff' });
  return snapshot.matches({ disabled: 'scanning' }) || snapshot.matches({ enabled: 'renewing' }) || proving;
}

export const twoFactorSamples: Samples = {
  inputs: [{ hasPassword: true }, { hasPassword: false }],
  events: [
    { type: 'totp.start' },
    { type: 'totp.change', field: 'password', value: 'correct horse battery' },
    { type: 'totp.change', field: 'emailCode', value: '123456' },
    { type: 'totp.change', field: 'appCode', value: '654321' },
    { type: 'totp.change', field: 'appCode', value: 'abcd-2345' },
    { type: 'totp.sendCode' },
    { type: 'totp.submit' },
    { type: 'totp.cancel' },
    { type: 'totp.renew' },
    { type: 'totp.turnOff' },
    { type: 'totp.acknowledge' },
    { type: 'totp.retry' },
  ],
  filterEvents: (snapshot, event) =>
    event.type !== 'totp.change' ||
    (snapshot.context.values[event.field] === '' && typedHere(snapshot, event.field, event.value)),
  outputs: {
    loadStatus: [TOTP_OFF, TOTP_ON],
    requestCode: ['We have sent a code to ada@example.com.'],
    requestOffCode: ['We have sent a code to ada@example.com.'],
    setUp: [{ secret: SECRET, otpauthUrl: `otpauth://totp/Example:ada%40example.com?secret=${SECRET}` }],
    enable: [RECOVERY_CODES],
    renewCodes: [RECOVERY_CODES],
    turnOff: ['The authenticator app is turned off: signing in needs only your password again.'],
  },
  errors: {
    loadStatus: [new Error('Network Error')],
    requestCode: [new Error('Network Error')],
    requestOffCode: [new Error('Network Error')],
    setUp: [new Error('Your current password is incorrect.')],
    enable: [new Error('This code is not right. Enter the code your authenticator app shows now.')],
    renewCodes: [new Error('This code is not right. Enter the code your authenticator app shows now.')],
    turnOff: [new Error('This code is not right.')],
  },
};

/** Coarse on purpose: what the guards and the page depend on, not every typed value. */
export const twoFactorState = (s: SnapshotFrom<typeof twoFactorMachine>) =>
  JSON.stringify({
    value: s.value,
    hasPassword: s.context.hasPassword,
    on: s.context.status?.totp ?? null,
    typed: Object.values(s.context.values).map((v) => v !== ''),
    pending: s.context.pending !== null,
    codes: s.context.recoveryCodes !== null,
    error: s.context.error !== null,
    notice: s.context.notice !== null,
  });
