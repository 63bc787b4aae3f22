/**
 * /api/forms: the contact form and the youth programme application, delivered to the office (OFFICE_EMAIL)
 * through the mail queue. The same rules as the pages check (domain/validation.ts), a per-address limit, and
 * a honeypot: a hidden `website` field people never see; a form that fills it is answered as if sent, and
 * nothing is sent.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { deliverForm } from './form-delivery';
import { readContact, readYouthApplication } from './form-requests';

export const CONTACT_SENT_TEXT = 'Thank you, your message has been sent.';
export const APPLICATION_SENT_TEXT = 'Your application has been sent successfully';

export function formRoutes(services: Services) {
  const { config } = services;
  const routes = new Hono<AppEnv>();

  routes.post('/contact', async (c) => {
    await deliverForm(services, c, 'contact form', await readContact(c, config.OFFICE_EMAIL));
    return c.json({ message: { en: CONTACT_SENT_TEXT } }, 200);
  });

  routes.post('/youth-application', async (c) => {
    await deliverForm(services, c, 'youth application', await readYouthApplication(c, config.OFFICE_EMAIL));
    return c.json({ message: { en: APPLICATION_SENT_TEXT } }, 200);
  });

  return routes;
}
