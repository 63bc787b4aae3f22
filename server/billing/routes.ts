/**
 * /api/users/billing (composed into server/account/profile-routes.ts): the signed-in customer's billing details, which the
 * documents of their later payments name as the buyer (docs/product.md#billing-details, docs/invoices.md). The
 * request is checked with the form's own rules (domain/billing.ts) and stored in their normal form. A change is
 * written to the security log with the fields it changed, never their values; no mail: nothing here can hand the
 * account to anyone.
 */
import { Hono } from 'hono';
import {
  BILLING_ADDRESS_MAX,
  BILLING_FIELDS,
  BILLING_NAME_MAX,
  normalizeBilling,
  validateBilling,
} from '#domain/billing';
import { BillingDetailsRequest } from '#domain/billingContract';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { readBilling, saveBilling } from './repository';

/** A field that is not text (or far too long to be one) says what it must be. */
const FIELDS = {
  billingName: `The billing name must be text of at most ${BILLING_NAME_MAX} characters.`,
  address: `The billing address must be text of at most ${BILLING_ADDRESS_MAX} characters.`,
  vatNumber: 'The VAT number must be text: a two-letter country code and 2 to 13 letters or digits.',
};

export function billingRoutes(services: Services) {
  const { db, clock, sessions, log } = services;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  routes.get('/', auth, async (c) => c.json(await readBilling(db, c.get('auth').user.id), 200));

  routes.put('/', auth, async (c) => {
    const { user } = c.get('auth');
    const body = validate(BillingDetailsRequest, await readJson(c), FIELDS);
    const values = {
      billingName: body.billingName ?? '',
      address: body.address ?? '',
      vatNumber: body.vatNumber ?? '',
    };
    // The first field's refusal, in the words the form shows under it.
    const errors = validateBilling(values);
    const refusal = BILLING_FIELDS.map((field) => errors[field]).find(Boolean);
    if (refusal) throw new HttpError(400, refusal);
    const details = normalizeBilling(values);
    const before = await readBilling(db, user.id);
    const changed = BILLING_FIELDS.filter((field) => before[field] !== details[field]);
    if (changed.length > 0) {
      await saveBilling(db, user.id, details, clock.now());
      log.security('billing.changed', { userId: user.id, fields: changed });
    }
    return c.json(details, 200);
  });

  return routes;
}
