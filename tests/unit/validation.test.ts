import { describe, expect, it } from 'vitest';
import { validateContact, validateYouth, type YouthValues } from '#domain/validation';

describe('contact rules', () => {
  it.each([
    ['a@b.c', undefined],
    ['  a@b.co  ', undefined],
    ['a@b', 'Email is invalid'],
    ['a b@c.d', 'Email is invalid'],
    ['', 'Email is required'],
    ['   ', 'Email is required'],
  ])('email %j', (email, expected) => {
    expect(validateContact({ name: 'n', email, message: 'm' }).email).toBe(expected);
  });
});

describe('youth rules', () => {
  const ok: YouthValues = {
    fullName: 'Sam',
    emailAddress: 'sam@example.com',
    phoneNumber: '07123456789',
    age: 18,
    joinCause: '0123456789',
  };
  it('accepts the boundaries', () => {
    expect(validateYouth(ok)).toEqual({});
    expect(validateYouth({ ...ok, fullName: 'x'.repeat(32), age: 30, joinCause: 'y'.repeat(1024) })).toEqual({});
    expect(validateYouth({ ...ok, emailAddress: `${'a'.repeat(118)}@example.c` })).toEqual({});
  });
  it.each([
    ['fullName', 'Sa'],
    ['fullName', 'x'.repeat(33)],
    ['emailAddress', 'sam@example'],
    ['emailAddress', `${'a'.repeat(119)}@example.c`],
    ['age', 17],
    ['age', 31],
    ['age', 20.5],
    ['joinCause', 'too short'],
    ['joinCause', 'y'.repeat(1025)],
  ])('refuses %s = %j', (field, value) => {
    expect(validateYouth({ ...ok, [field]: value })).toHaveProperty(field);
  });
  it.each([
    ['07123 456789', true],
    ['020 7946 0958', true],
    ['0117 496 0123', true],
    ['0131 4960123', true],
    ['01632 96012', true],
    ['0712345678', false],
    ['071234567890', false],
    ['04123456789', false],
    ['+447123456789', false],
    ['7123456789', false],
  ])('phone %j valid: %s', (phoneNumber, valid) => {
    expect('phoneNumber' in validateYouth({ ...ok, phoneNumber })).toBe(!valid);
  });
});
