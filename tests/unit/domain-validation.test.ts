/**
 * The form rules as docs/product.md#validation states them (domain/validation.ts): every message word for word,
 * each length judged trimmed, and the edges tests/unit/validation.test.ts leaves open.
 */
import { describe, expect, it } from 'vitest';
import {
  validateContact,
  validateYouth,
  validateYouthField,
  YOUTH_AGE_MAX,
  YOUTH_AGE_MIN,
  YOUTH_CAUSE_MAX,
  YOUTH_EMAIL_MAX,
  YOUTH_FIELDS,
  YOUTH_NAME_MAX,
  type YouthValues,
} from '#domain/validation';

describe('the contact form (values trimmed first)', () => {
  const filled = { name: 'Jo', email: 'jo@example.com', message: 'Hello' };

  it('has nothing to say about a filled form', () => {
    expect(validateContact(filled)).toEqual({});
    expect(validateContact({ name: ' J ', email: ' jo@example.com ', message: ' H ' })).toEqual({});
  });

  it('names every empty field at once, in its words', () => {
    expect(validateContact({ name: '', email: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('counts a field of spaces as empty', () => {
    expect(validateContact({ name: '  ', email: 'jo@example.com', message: ' \n ' })).toEqual({
      name: 'Name is required',
      message: 'Message is required',
    });
  });

  it('says an address is invalid once there is one', () => {
    expect(validateContact({ ...filled, email: 'jo@example' })).toEqual({ email: 'Email is invalid' });
  });
});

const ok: YouthValues = {
  fullName: 'Sam Jones',
  emailAddress: 'sam@example.com',
  phoneNumber: '07123456789',
  age: 18,
  joinCause: 'I want to learn.',
};

describe('the youth application', () => {
  it('has its limits: names up to 32, addresses up to 128, ages 18 to 30, reasons up to 1024', () => {
    expect([YOUTH_NAME_MAX, YOUTH_EMAIL_MAX, YOUTH_AGE_MIN, YOUTH_AGE_MAX, YOUTH_CAUSE_MAX]).toEqual([
      32, 128, 18, 30, 1024,
    ]);
    expect(YOUTH_FIELDS).toEqual(['fullName', 'emailAddress', 'phoneNumber', 'age', 'joinCause']);
  });

  it('says each rule in its words', () => {
    const wrong = { fullName: 'Al', emailAddress: 'al', phoneNumber: '12', age: 40, joinCause: 'short' };
    expect(validateYouth(wrong)).toEqual({
      fullName: 'Full name must be 3 to 32 characters.',
      emailAddress: 'Enter a valid e-mail address of at most 128 characters.',
      phoneNumber: 'Enter a UK phone number, e.g. 07123 456789 or 020 7946 0958.',
      age: 'Applicants must be 18 to 30 years old.',
      joinCause: 'Tell us why you want to join in 10 to 1024 characters.',
    });
  });

  it.each([
    ['fullName', '  Al  ', false],
    ['fullName', `  ${'x'.repeat(32)}  `, true],
    ['emailAddress', '  sam@example.com  ', true],
    ['emailAddress', `  ${'a'.repeat(116)}@example.com  `, true],
    ['joinCause', `  ${'y'.repeat(8)}  `, false],
    ['joinCause', `  ${'y'.repeat(1024)}  `, true],
  ])('judges %s trimmed: %j passes: %s', (field, value, passes) => {
    expect(validateYouthField(field as 'fullName', { ...ok, [field]: value }) === null).toBe(passes);
  });

  it.each([
    ['spaces anywhere', '0 7 1 2 3 4 5 6 7 8 9', true],
    ['tabs and runs of spaces', '07123\t\t456   789', true],
    ['a landline with 8 digits after its area', '0212345678', true],
    ['letters after a valid start', '0212345678a', false],
    ['a letter before a valid number', 'a0212345678', false],
    ['a letter before a mobile number', 'x07123456789', false],
    ['a digit after a mobile number', '071234567890', false],
  ])('a phone number with %s (%j) passes: %s', (_, phoneNumber, passes) => {
    expect(validateYouthField('phoneNumber', { ...ok, phoneNumber })).toBe(
      passes ? null : 'Enter a UK phone number, e.g. 07123 456789 or 020 7946 0958.',
    );
  });
});
