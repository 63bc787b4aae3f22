/**
 * /api/users/billing (composed into server/account/profile-routes.ts): the signed-in customer's billing details, which the
 * documents of their later payments name as the buyer (docs/product.md#billing-details, docs/invoices.md). The
 * request is checked with the form's own rules (domain/billing.ts) and stored in their normal form. A change is
 * written to the security log with the fields it changed, never their values; no mail: nothing here can hand the
 * account to anyone.
 */
import { Hono } from 'hono';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { readJson } from '../http/validate';
import type { Services } from '../services';
import { changeBilling } from './billing-change';
import { readBilling } from './repository';

export function billingRoutes(services: Services) {
  const { db, sessions } = services;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  routes.get('/', auth, async (c) => c.json(await readBilling(db, c.get('auth').user.id), 200));

  routes.put('/', auth, async (c) =>
    c.json(await changeBilling(services, c.get('auth').user.id, await readJson(c)), 200),
  );

  return routes;
}
