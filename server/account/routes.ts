/**
 * /api/users (composed beside server/account/profile-routes.ts in server/prefixes.ts): the account's life
 * cycle. Forgotten password (a code by e-mail, then a new password), e-mail verification and the e-mail
 * change's codes, notifications, and account deletion on request: one router per concern, composed here.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { listNotifications, toWireNotification } from '../notifications/notifications';
import type { Services } from '../services';
import { requireAuth } from '../ways-in/require-auth';
import { deletionRoutes } from './deletion-routes';
import { emailChangeRoutes } from './email-change-routes';
import { seeNotifications } from './notifications-seen';
import { passwordRoutes } from './password-routes';
import { verificationRoutes } from './verification-routes';

export function accountRoutes(services: Services) {
  const { db, sessions } = services;
  const auth = requireAuth(sessions);
  const routes = new Hono<AppEnv>()
    .route('/', passwordRoutes(services))
    .route('/', emailChangeRoutes(services))
    .route('/', verificationRoutes(services));

  routes.get('/notifications', auth, async (c) => {
    const rows = await listNotifications(db, c.get('auth').user.id);
    return c.json({ notifications: rows.map(toWireNotification) }, 200);
  });

  // A write: the site POSTs the ids it showed; the contract's GET stays as an alias that marks every one
  // (docs/decisions/0023-one-home-per-resource.md).
  routes.on(['POST', 'GET'], '/notifications/see', auth, async (c) =>
    c.json({ seen: await seeNotifications(services, c) }, 200),
  );

  return routes.route('/', deletionRoutes(services));
}
