/**
 * The prefixes whose calls come from several resources, each composed here once: the resources themselves
 * do not import each other's routers (docs/architecture.md#what-lives-where). Order matters: Hono tries the routes
 * in the order they are added.
 */
import { Hono } from 'hono';
import { accountRoutes } from './account/routes';
import { profileRoutes } from './account/profile-routes';
import { authRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { orderBookingRoutes } from './booking/order-routes';
import { dataExportRoutes } from './data-export/routes';
import { googleAuthRoutes } from './google/routes';
import type { AppEnv } from './http/app-env';
import { invoiceDownloadRoutes } from './invoices/download-routes';
import { orderDownloadRoutes } from './orders/routes';
import { passkeyRoutes, passkeySignInRoutes } from './passkeys/routes';
import type { Services } from './services';
import { twoFactorRoutes } from './two-factor/routes';
import { visitRoutes } from './visits/routes';

/** /api/auth: e-mail and password, a sign-in's second step, Google (503 without OAUTH_CLIENT_ID), passkeys. */
export function authPrefix(services: Services) {
  return new Hono<AppEnv>()
    .route('/', authRoutes(services))
    .route('/', googleAuthRoutes(services))
    .route('/passkey', passkeySignInRoutes(services));
}

/**
 * /api/users: the customer's own account (profile, password), its second factor and passkeys, its life cycle
 * (reset, verification, notifications, deletion), the visit record (open to all), "Download my data" and the
 * billing details the invoices name.
 */
export function usersPrefix(services: Services) {
  return new Hono<AppEnv>()
    .route('/', profileRoutes(services))
    .route('/two-factor', twoFactorRoutes(services))
    .route('/', accountRoutes(services))
    .route('/', visitRoutes(services))
    .route('/passkeys', passkeyRoutes(services))
    .route('/export', dataExportRoutes(services))
    .route('/billing', billingRoutes(services));
}

/**
 * /api/orders/<id>: a customer's order's downloads: its report and calendar file (orders/), and its invoice
 * document once paid (invoices/, the tier above orders); and the booking of its call: free slots, book, move, cancel (booking/).
 */
export function ordersPrefix(services: Services) {
  return new Hono<AppEnv>()
    .route('/', orderDownloadRoutes(services))
    .route('/', invoiceDownloadRoutes(services))
    .route('/', orderBookingRoutes(services));
}
