/**
 * Delivering a form to the office through the mail queue: charged to the sender's address first; a form that
 * filled the honeypot is logged and not sent; past the site's hourly cap, held for a later hour.
 */
import type { Context } from 'hono';
import { HOUR_MS } from '../clock';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { SITE_KEY } from '../limits/limits';
import { formMailHeldMail } from '../mail/office-forms';
import { enqueueMail } from '../mail/queue';
import type { Services } from '../services';
import type { FormMail } from './form-requests';

type FormServices = Pick<Services, 'db' | 'clock' | 'config' | 'limits' | 'log' | 'mail'>;

export async function deliverForm(services: FormServices, c: Context, kind: string, form: FormMail): Promise<void> {
  const { db, clock, config, limits } = services;
  const address = clientAddress(c, config.TRUST_PROXY);
  await limits.charge([{ limit: limits.forms.address, key: clientLimitKey(c, config.TRUST_PROXY) }], { address });
  if (form.honeypot) {
    services.log.logger.info({ event: 'form.honeypot', kind, address }, `a ${kind} filled the hidden field; not sent`);
    return;
  }
  await enqueueMail(db, form.message, { kind, now: clock.now(), notBefore: await heldUntil(services) });
  services.mail.kick();
}

/**
 * Past the site's hourly cap (FORM_MAIL_MAX_PER_HOUR), a message is kept and held for a later hour, as many
 * an hour as the cap, in the order they came: the office's inbox is not flooded and nothing is dropped. The
 * sender is answered as usual: they did nothing wrong. The office is told once per hour of holding.
 */
async function heldUntil({ db, clock, config, limits, log }: FormServices): Promise<Date | undefined> {
  const taking = await limits.forms.site.take(SITE_KEY);
  if (taking.taken) return undefined;
  const now = clock.now();
  const perHour = config.FORM_MAIL_MAX_PER_HOUR;
  const hours = Math.floor((taking.over - 1) / perHour);
  const until = new Date(now.getTime() + taking.retryAfterSeconds * 1000 + hours * HOUR_MS);
  if (taking.firstRefusal) {
    log.logger.warn({ event: 'forms.held', perHour }, 'form mail past the hourly cap is being held');
    await enqueueMail(db, formMailHeldMail(config.OFFICE_EMAIL, { perHour, firstHeldUntil: until }), {
      kind: 'form mail held',
      now,
    });
  }
  return until;
}
