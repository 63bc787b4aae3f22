/**
 * The two forms' bodies, read and checked with the same rules as the pages (domain/validation.ts), and the
 * office's mail each one becomes. `website` is the honeypot: a hidden field people never see.
 */
import type { Context } from 'hono';
import { number, optional, size, string, type } from 'superstruct';
import { type ContactValues, type YouthValues, validateContact, validateYouth } from '#domain/validation';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import type { MailMessage } from '../mail/mailer';
import { contactFormMail, youthApplicationMail } from '../mail/office-forms';

const text = (max: number) => size(string(), 0, max);
const ContactRequest = type({ name: text(200), email: text(254), message: text(5000), website: optional(text(500)) });
const YouthRequest = type({
  fullName: text(100),
  emailAddress: text(254),
  phoneNumber: text(50),
  age: number(),
  joinCause: text(2000),
  website: optional(text(500)),
});

/** A form to deliver: the honeypot's value and the office's mail. */
export interface FormMail {
  honeypot: string | undefined;
  message: MailMessage;
}

/** The first broken rule's text, as the page shows it. */
function firstError(errors: Record<string, string | undefined>): string | undefined {
  return Object.values(errors).find((error) => error !== undefined);
}

/** The contact form; 400 with the first broken rule's text. */
export async function readContact(c: Context, officeEmail: string): Promise<FormMail> {
  const body = validate(ContactRequest, await readJson(c));
  const values: ContactValues = { name: body.name.trim(), email: body.email.trim(), message: body.message.trim() };
  const error = firstError(validateContact(values));
  if (error) throw new HttpError(400, error);
  return { honeypot: body.website, message: contactFormMail(officeEmail, values) };
}

/** The youth programme application; 400 with the first broken rule's text. */
export async function readYouthApplication(c: Context, officeEmail: string): Promise<FormMail> {
  const body = validate(YouthRequest, await readJson(c));
  const values: YouthValues = {
    fullName: body.fullName.trim(),
    emailAddress: body.emailAddress.trim(),
    phoneNumber: body.phoneNumber.trim(),
    age: body.age,
    joinCause: body.joinCause.trim(),
  };
  const error = firstError(validateYouth(values));
  if (error) throw new HttpError(400, error);
  return { honeypot: body.website, message: youthApplicationMail(officeEmail, values) };
}
