/**
 * /api/forms: the contact form and the youth programme application, delivered to the office (OFFICE_EMAIL)
 * through the mail queue. The same rules as the pages check (domain/validation.ts), a per-address limit, and
 * a honeypot: a hidden `website` field people never see; a form that fills it is answered as if sent, and
 * nothing is sent.
 */
import { Hono } from 'hono';
import { number, optional, size, string, type } from 'superstruct';
import { type ContactValues, type YouthValues, validateContact, validateYouth } from '#domain/validation';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import { enqueueMail } from '../mail/queue';
import { contactFormMail, formMailHeldMail, youthApplicationMail } from '../mail/office-forms';
import { SITE_KEY } from '../limits/limits';
import { HOUR_MS } from '../clock';
import type { Services } from '../services';
import type { MailMessage } from '../mail/mailer';
import type { Context } from 'hono';

export const CONTACT_SENT_TEXT = 'Thank you, your message has been sent.';
export const APPLICATION_SENT_TEXT = 'Your application has been sent successfully';

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

/** The first broken rule's text, as the page shows it. */
function firstError(errors: Record<string, string | undefined>): string | undefined {
  return Object.values(errors).find((error) => error !== undefined);
}

export function formRoutes(services: Services) {
  const { db, clock, config, limits } = services;
  const routes = new Hono<AppEnv>();

  async function deliver(
    c: Context<AppEnv>,
    honeypot: string | undefined,
    kind: string,
    message: MailMessage,
    answer: string,
  ) {
    const address = clientAddress(c, config.TRUST_PROXY);
    await limits.charge([{ limit: limits.forms.address, key: clientLimitKey(c, config.TRUST_PROXY) }], { address });
    if (honeypot) {
      services.log.logger.info(
        { event: 'form.honeypot', kind, address },
        `a ${kind} filled the hidden field; not sent`,
      );
      return c.json({ message: { en: answer } }, 200);
    }
    await enqueueMail(db, message, { kind, now: clock.now(), notBefore: await heldUntil() });
    services.mail.kick();
    return c.json({ message: { en: answer } }, 200);
  }

  /**
   * Past the site's hourly cap (FORM_MAIL_MAX_PER_HOUR), a message is kept and held for a later hour, as many
   * an hour as the cap, in the order they came: the office's inbox is not flooded and nothing is dropped. The
   * sender is answered as usual: they did nothing wrong. The office is told once per hour of holding.
   */
  async function heldUntil(): Promise<Date | undefined> {
    const taking = await limits.forms.site.take(SITE_KEY);
    if (taking.taken) return undefined;
    const now = clock.now();
    const perHour = config.FORM_MAIL_MAX_PER_HOUR;
    const hours = Math.floor((taking.over - 1) / perHour);
    const until = new Date(now.getTime() + taking.retryAfterSeconds * 1000 + hours * HOUR_MS);
    if (taking.firstRefusal) {
      services.log.logger.warn({ event: 'forms.held', perHour }, 'form mail past the hourly cap is being held');
      await enqueueMail(db, formMailHeldMail(config.OFFICE_EMAIL, { perHour, firstHeldUntil: until }), {
        kind: 'form mail held',
        now,
      });
    }
    return until;
  }

  routes.post('/contact', async (c) => {
    const body = validate(ContactRequest, await readJson(c));
    const values: ContactValues = { name: body.name.trim(), email: body.email.trim(), message: body.message.trim() };
    const error = firstError(validateContact(values));
    if (error) throw new HttpError(400, error);
    return deliver(c, body.website, 'contact form', contactFormMail(config.OFFICE_EMAIL, values), CONTACT_SENT_TEXT);
  });

  routes.post('/youth-application', async (c) => {
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
    return deliver(
      c,
      body.website,
      'youth application',
      youthApplicationMail(config.OFFICE_EMAIL, values),
      APPLICATION_SENT_TEXT,
    );
  });

  return routes;
}
