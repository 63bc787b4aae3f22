/**
 * The account pages' request bodies (domain/contract.ts): the shared field rules of docs/product.md#validation,
 * each at its limits, and which fields each body cannot do without. The server answers 400 to what these refuse.
 */
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  Code,
  DeletionRequest,
  Email,
  EMAIL_MAX,
  EMAIL_PATTERN,
  EmailChangeConfirmRequest,
  ForgotPasswordQuery,
  GoogleTokenRequest,
  LoginEmailRequest,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  RegisterEmailRequest,
  ResetPasswordRequest,
  SIX_DIGIT_CODE,
  VerifyRequest,
} from '#domain/contract';
import { firstFailure, requiredKeys } from './contract-structs';

/** A well-formed address of exactly `length` characters. */
const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const TICKET = `${'A'.repeat(41)}_-`;
const register = { name: 'Jo', email: 'jo@example.com', password: 'correct horse' };

describe('the limits docs/product.md states', () => {
  it('passwords 8 to 128 characters, names up to 100, addresses up to 254', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX, NAME_MAX, EMAIL_MAX]).toEqual([8, 128, 100, 254]);
  });
});

describe('e-mail addresses: x@y.z with no spaces, at most EMAIL_MAX characters, judged trimmed', () => {
  it.each([
    ['a plain address', 'jo@example.com'],
    ['one with spaces around', '  jo@example.com  '],
    ['EMAIL_MAX characters', address(EMAIL_MAX)],
    ['EMAIL_MAX characters with spaces around', `  ${address(EMAIL_MAX)}  `],
  ])('accepts %s', (_, email) => {
    expect(is(email, Email)).toBe(true);
  });

  it.each([
    ['EMAIL_MAX + 1 characters', address(EMAIL_MAX + 1)],
    ['no dot after the @', 'jo@example'],
    ['a space inside', 'jo example@example.com'],
    ['words after it', 'jo@example.com and more'],
    ['nothing before the @', '@example.com'],
    ['empty', ''],
    ['a number', 42],
    ['null', null],
  ])('refuses %s', (_, email) => {
    expect(is(email, Email)).toBe(false);
  });

  it('has the same pattern for the forms: nothing may follow the domain', () => {
    expect(EMAIL_PATTERN.test('jo@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test('jo@example.com x')).toBe(false);
    expect(EMAIL_PATTERN.test('x jo@example.com')).toBe(false);
  });

  it('names its rule when it refuses, as a developer reads it in the error', () => {
    expect(firstFailure(Email, 'jo')).toMatchObject({ type: 'Email', path: [] });
  });
});

describe('registration', () => {
  it('needs a name, an address and a password', () => {
    expect(requiredKeys(RegisterEmailRequest, register)).toEqual(['name', 'email', 'password']);
  });

  it.each([
    ['one character', 'J'],
    ['NAME_MAX characters', 'x'.repeat(NAME_MAX)],
    ['NAME_MAX characters in 400 with spaces', `${' '.repeat(150)}${'x'.repeat(NAME_MAX)}${' '.repeat(150)}`],
    ['30 characters with spaces', `  ${'x'.repeat(30)}  `],
  ])('accepts a name of %s: 1 to 100 once trimmed, 400 in all', (_, name) => {
    expect(is({ ...register, name }, RegisterEmailRequest)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['NAME_MAX + 1 characters', 'x'.repeat(NAME_MAX + 1)],
    ['401 characters with spaces', `${'x'.repeat(NAME_MAX)}${' '.repeat(301)}`],
    ['a number', 7],
  ])('refuses a name that is %s', (_, name) => {
    expect(is({ ...register, name }, RegisterEmailRequest)).toBe(false);
  });

  it('says why a blank name is refused', () => {
    expect(firstFailure(RegisterEmailRequest, { ...register, name: '   ' })).toEqual({
      path: ['name'],
      type: 'string',
      refinement: 'trimmedNonEmpty',
      message: 'must be 1 to 100 characters',
    });
  });

  it.each([
    [PASSWORD_MIN, true],
    [PASSWORD_MIN - 1, false],
    [PASSWORD_MAX, true],
    [PASSWORD_MAX + 1, false],
  ])('a new password of %i characters is accepted: %s', (length, accepted) => {
    expect(is({ ...register, password: 'x'.repeat(length) }, RegisterEmailRequest)).toBe(accepted);
  });
});

describe('sign-in: any password up to PASSWORD_MAX', () => {
  const login = { email: 'jo@example.com', password: 'x' };
  it('needs the address and the password', () => {
    expect(requiredKeys(LoginEmailRequest, login)).toEqual(['email', 'password']);
  });
  it.each([
    [1, true],
    [0, false],
    [PASSWORD_MAX, true],
    [PASSWORD_MAX + 1, false],
  ])('a password of %i characters is accepted: %s', (length, accepted) => {
    expect(is({ ...login, password: 'x'.repeat(length) }, LoginEmailRequest)).toBe(accepted);
  });
});

describe('codes are six digits', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['a123456', false],
    ['123456a', false],
    ['abcdef', false],
    [' 123456', false],
  ])('%j is a code: %s', (code, accepted) => {
    expect(SIX_DIGIT_CODE.test(code)).toBe(accepted);
    expect(is(code, Code)).toBe(accepted);
  });

  it('the bodies that carry one', () => {
    expect(requiredKeys(VerifyRequest, { code: '123456' })).toEqual(['code']);
    expect(is({ code: '12345' }, VerifyRequest)).toBe(false);
    expect(requiredKeys(EmailChangeConfirmRequest, { email: 'jo@example.com', code: '123456' })).toEqual([
      'email',
      'code',
    ]);
    expect(is({ email: 'jo@example', code: '123456' }, EmailChangeConfirmRequest)).toBe(false);
  });
});

describe('the profile form', () => {
  const update = { name: 'Jo', email: 'jo@example.com', currentPassword: 'p', code: '123456' };
  it('needs the name and the address; the proof of ownership is optional', () => {
    expect(requiredKeys(ProfileUpdateRequest, update)).toEqual(['name', 'email']);
  });
  it.each([
    ['currentPassword', ''],
    ['currentPassword', 'x'.repeat(PASSWORD_MAX + 1)],
    ['code', '12345'],
    ['name', '  '],
    ['email', 'jo'],
  ])('refuses %s = %j', (key, value) => {
    expect(is({ ...update, [key]: value }, ProfileUpdateRequest)).toBe(false);
  });
});

describe('changing the password', () => {
  const change = { oldPassword: 'o', newPassword: 'x'.repeat(PASSWORD_MIN), confirmPassword: 'c' };
  it('needs all three fields, the new one 8 to 128 characters', () => {
    expect(requiredKeys(PasswordChangeRequest, change)).toEqual(['oldPassword', 'newPassword', 'confirmPassword']);
    expect(is({ ...change, newPassword: 'x'.repeat(PASSWORD_MIN - 1) }, PasswordChangeRequest)).toBe(false);
    expect(is({ ...change, oldPassword: '' }, PasswordChangeRequest)).toBe(false);
    expect(is({ ...change, confirmPassword: 'x'.repeat(PASSWORD_MAX + 1) }, PasswordChangeRequest)).toBe(false);
  });
});

describe('the password reset', () => {
  it('asks for a code with an address; the language and the target are optional text', () => {
    const query = { email: 'jo@example.com', lang: 'en', sendTo: 'profile' };
    expect(requiredKeys(ForgotPasswordQuery, query)).toEqual(['email']);
    expect(is({ ...query, lang: 1 }, ForgotPasswordQuery)).toBe(false);
    expect(is({ ...query, sendTo: 1 }, ForgotPasswordQuery)).toBe(false);
  });

  it('sets the new password with the code and its ticket; removing the other ways in is a choice', () => {
    const reset = { email: 'jo@example.com', code: '123456', newPassword: 'x'.repeat(8), ticket: TICKET };
    expect(requiredKeys(ResetPasswordRequest, { ...reset, removeOtherSignIns: true })).toEqual([
      'email',
      'code',
      'newPassword',
      'ticket',
    ]);
    expect(is({ ...reset, removeOtherSignIns: 'yes' }, ResetPasswordRequest)).toBe(false);
    expect(is({ ...reset, newPassword: 'short' }, ResetPasswordRequest)).toBe(false);
    expect(is({ ...reset, ticket: TICKET.slice(1) }, ResetPasswordRequest)).toBe(false);
  });
});

describe('the other bodies with one field', () => {
  it('a deletion request with the current password', () => {
    expect(requiredKeys(DeletionRequest, { currentPassword: 'p' })).toEqual(['currentPassword']);
    expect(is({ currentPassword: '' }, DeletionRequest)).toBe(false);
    expect(is({ currentPassword: 'x'.repeat(PASSWORD_MAX + 1) }, DeletionRequest)).toBe(false);
  });

  it.each([
    [1, true],
    [4096, true],
    [4097, false],
    [0, false],
  ])('a Google token of %i characters is accepted: %s', (length, accepted) => {
    expect(is({ googleToken: 't'.repeat(length) }, GoogleTokenRequest)).toBe(accepted);
  });
});
