/**
 * The form rules (docs/product.md#validation) as pure functions: each returns the message to show, or null when valid.
 * Machines call them; views only show what the machines hold.
 */
import { EMAIL_PATTERN } from './contract';

// ---- contact form (values trimmed first) ----

export interface ContactValues {
  name: string;
  email: string;
  message: string;
}
export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Name is required';
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Email is invalid';
  if (!message) errors.message = 'Message is required';
  return errors;
}

// ---- youth application ----

const YOUTH_NAME_MIN = 3;
export const YOUTH_NAME_MAX = 32;
export const YOUTH_EMAIL_MAX = 128;
const YOUTH_PHONE_MAX = 11;
export const YOUTH_AGE_MIN = 18;
export const YOUTH_AGE_MAX = 30;
const YOUTH_CAUSE_MIN = 10;
export const YOUTH_CAUSE_MAX = 1024;

/** UK-style: 07 and 9 digits (mobile), or 01/02/03 and 8 or 9 digits (landline). */
const UK_PHONE = /^0(?:7\d{9}|[123]\d{8,9})$/;

export interface YouthValues {
  fullName: string;
  emailAddress: string;
  phoneNumber: string;
  age: number;
  joinCause: string;
}
export type YouthField = keyof YouthValues;
export type YouthErrors = Partial<Record<YouthField, string>>;

export function validateYouthField(field: YouthField, values: YouthValues): string | null {
  switch (field) {
    case 'fullName': {
      const length = values.fullName.trim().length;
      return length >= YOUTH_NAME_MIN && length <= YOUTH_NAME_MAX
        ? null
        : `Full name must be ${YOUTH_NAME_MIN} to ${YOUTH_NAME_MAX} characters.`;
    }
    case 'emailAddress': {
      const email = values.emailAddress.trim();
      return email.length <= YOUTH_EMAIL_MAX && EMAIL_PATTERN.test(email)
        ? null
        : `Enter a valid e-mail address of at most ${YOUTH_EMAIL_MAX} characters.`;
    }
    case 'phoneNumber': {
      const phone = values.phoneNumber.replace(/\s+/g, '');
      return phone.length <= YOUTH_PHONE_MAX && UK_PHONE.test(phone)
        ? null
        : 'Enter a UK phone number, e.g. 07123 456789 or 020 7946 0958.';
    }
    case 'age':
      return Number.isInteger(values.age) && values.age >= YOUTH_AGE_MIN && values.age <= YOUTH_AGE_MAX
        ? null
        : `Applicants must be ${YOUTH_AGE_MIN} to ${YOUTH_AGE_MAX} years old.`;
    case 'joinCause': {
      const length = values.joinCause.trim().length;
      return length >= YOUTH_CAUSE_MIN && length <= YOUTH_CAUSE_MAX
        ? null
        : `Tell us why you want to join in ${YOUTH_CAUSE_MIN} to ${YOUTH_CAUSE_MAX} characters.`;
    }
  }
}

export const YOUTH_FIELDS: readonly YouthField[] = ['fullName', 'emailAddress', 'phoneNumber', 'age', 'joinCause'];

export function validateYouth(values: YouthValues): YouthErrors {
  const errors: YouthErrors = {};
  for (const field of YOUTH_FIELDS) {
    const error = validateYouthField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}
