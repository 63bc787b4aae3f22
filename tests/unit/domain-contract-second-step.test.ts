/**
 * A sign-in's second step and the authenticator app's routes (domain/contract.ts, domain/twoFactorContract.ts;
 * docs/product.md#second-factor): the ticket, the six-digit and recovery codes, and the bodies that carry them.
 */
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  ForgotPasswordResponse,
  SecondStep,
  SecondStepCode,
  SecondStepRequest,
  SignInResponse,
} from '#domain/contract';
import {
  RecoveryCodesResponse,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorSetupRequest,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '#domain/twoFactorContract';
import { requiredKeys } from './contract-structs';

/** 256 bits in base64url: 43 characters, `_` and `-` among them. */
const TICKET = `${'aZ09'.repeat(10)}x_-`;
const user = { id: 'u1', name: 'Jo', email: 'jo@example.com', avatarURL: null, lastLogin: null, emailVerified: true };

describe('the ticket of a second step: 43 base64url characters', () => {
  it.each([
    ['43 of them', TICKET, true],
    ['42', TICKET.slice(1), false],
    ['44', `${TICKET}a`, false],
    ['a character outside base64url first', `!${TICKET}`, false],
    ['a character outside base64url last', `${TICKET}!`, false],
    ['one outside base64url inside', `${TICKET.slice(0, 42)}=`, false],
  ])('%s: accepted %s', (_, ticket, accepted) => {
    expect(is({ kind: 'totp', ticket }, SecondStep)).toBe(accepted);
    expect(is({ ticket, code: '123456' }, SecondStepRequest)).toBe(accepted);
  });
});

describe('what a sign-in still needs', () => {
  it.each([
    ['email-code', true],
    ['totp', true],
    ['passkey', false],
  ])('the kind %j is accepted: %s', (kind, accepted) => {
    expect(is({ kind, ticket: TICKET }, SecondStep)).toBe(accepted);
  });

  it('needs both the kind and the ticket', () => {
    expect(requiredKeys(SecondStep, { kind: 'totp', ticket: TICKET })).toEqual(['kind', 'ticket']);
  });

  it('a sign-in answers a session or the step it still needs, nothing else', () => {
    expect(is({ user, token: 't' }, SignInResponse)).toBe(true);
    expect(is({ secondStep: { kind: 'email-code', ticket: TICKET } }, SignInResponse)).toBe(true);
    expect(is({ secondStep: { kind: 'email-code' } }, SignInResponse)).toBe(false);
    expect(is({ user }, SignInResponse)).toBe(false);
    expect(is({}, SignInResponse)).toBe(false);
  });

  it('the reset code request answers a text and the ticket its code needs', () => {
    expect(requiredKeys(ForgotPasswordResponse, { message: { en: 'Sent.' }, ticket: TICKET })).toEqual([
      'message',
      'ticket',
    ]);
    expect(is({ message: {}, ticket: TICKET }, ForgotPasswordResponse)).toBe(false);
  });
});

describe('the code of a second step: six digits or a recovery code', () => {
  it.each([['123456'], ['abcd-ef12'], ['ABCDEF12'], ['abcd ef12'], ['  abcd-ef12  '], ['\tAbCd-Ef12\n']])(
    'accepts %j',
    (code) => {
      expect(is(code, SecondStepCode)).toBe(true);
      expect(is({ ticket: TICKET, code }, SecondStepRequest)).toBe(true);
    },
  );

  it.each([
    ['12345'],
    ['abc-def12'],
    ['abcd-ef1'],
    ['abcd--ef12'],
    ['abcd_ef12'],
    ['x abcd-ef12'],
    ['abcd-ef12 x'],
    ['!abcd-ef12'],
    ['abcd-ef12!'],
    ['ab!d-ef12'],
    ['abcd-ef!2'],
    [''],
  ])('refuses %j', (code) => {
    expect(is(code, SecondStepCode)).toBe(false);
  });

  it('a second step needs its ticket and its code', () => {
    expect(requiredKeys(SecondStepRequest, { ticket: TICKET, code: '123456' })).toEqual(['ticket', 'code']);
  });
});

describe('the authenticator app', () => {
  it('its setup needs only a proof of ownership, when one is given of the right shape', () => {
    expect(is({}, TwoFactorSetupRequest)).toBe(true);
    expect(is({ currentPassword: 'p', code: '123456' }, TwoFactorSetupRequest)).toBe(true);
    expect(is({ currentPassword: '' }, TwoFactorSetupRequest)).toBe(false);
    expect(is({ currentPassword: 'x'.repeat(129) }, TwoFactorSetupRequest)).toBe(false);
    expect(is({ code: '12345' }, TwoFactorSetupRequest)).toBe(false);
  });

  it('its setup answers the secret and the otpauth URL', () => {
    const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' };
    expect(requiredKeys(TwoFactorSetupResponse, setup)).toEqual(['secret', 'otpauthUrl']);
  });

  it('turning it on takes a six-digit code', () => {
    expect(requiredKeys(TwoFactorCodeRequest, { code: '123456' })).toEqual(['code']);
    expect(is({ code: 'abcd-ef12' }, TwoFactorCodeRequest)).toBe(false);
  });

  it('new recovery codes come as a list of texts', () => {
    expect(requiredKeys(RecoveryCodesResponse, { recoveryCodes: ['abcd-ef12'] })).toEqual(['recoveryCodes']);
    expect(is({ recoveryCodes: [1] }, RecoveryCodesResponse)).toBe(false);
  });

  it('turning it off takes a code of the app or a recovery code, with the owner proof', () => {
    const disable = { currentPassword: 'p', code: '123456', twoFactorCode: 'abcd-ef12' };
    expect(requiredKeys(TwoFactorDisableRequest, disable)).toEqual(['twoFactorCode']);
    expect(is({ ...disable, twoFactorCode: '12345' }, TwoFactorDisableRequest)).toBe(false);
    expect(is({ ...disable, currentPassword: '' }, TwoFactorDisableRequest)).toBe(false);
    expect(is({ ...disable, code: 'abcdef' }, TwoFactorDisableRequest)).toBe(false);
  });

  it('the Security section reads whether it is on, since when, the codes left and the staff rule', () => {
    const status = { totp: true, totpSince: '2026-11-21T10:00:00.000Z', recoveryCodesLeft: 10, required: false };
    expect(requiredKeys(TwoFactorStatus, status)).toEqual(['totp', 'totpSince', 'recoveryCodesLeft', 'required']);
    expect(is({ ...status, totpSince: null }, TwoFactorStatus)).toBe(true);
    expect(is({ ...status, recoveryCodesLeft: 1.5 }, TwoFactorStatus)).toBe(false);
  });
});
