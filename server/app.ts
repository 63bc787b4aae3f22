/**
 * The whole HTTP surface in one Hono app: security headers and body limit first, then the API under
 * /api (an unknown /api path is a JSON 404, never the SPA), then the sandbox checkout's server-rendered
 * pages (/pay/sandbox, only when Stripe is not configured), then the built SPA with its fallback.
 * Built from its dependencies only, so tests create as many independent apps as they like.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { AppEnv } from './http/app-env';
import { BODY_LIMIT_ROUTES } from './body-limit-routes';
import { METHODS_WITH_BODIES, limitBodies } from './http/body-limits';
import { compressWhenAsked } from './http/compress';
import type { Readiness } from './http/drain';
import { DATABASE_UNAVAILABLE_TEXT, NOT_FOUND_TEXT, errorResponse, onError, onNotFound } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { mountStatic } from './site/static';
import { avatarRoutes } from './avatars/routes';
import { formRoutes } from './forms/routes';
import { siteRoutes } from './site/routes';
import { invoiceRoutes } from './invoices/routes';
import { officeRoutes } from './office/routes';
import { stripeWebhookRoutes } from './payments/routes';
import { sandboxCheckoutRoutes } from './payments/sandbox-routes';
import type { Threads } from './threads/pool';
import { authPrefix, ordersPrefix, usersPrefix } from './prefixes';
import { bookingLinkRoutes } from './booking/link-routes';
import type { ServerLog } from './log';
import type { Mailer } from './mail/mailer';
import { metricsRoutes } from './metrics/routes';
import { type Metrics, createMetrics } from './metrics/metrics';
import { recordRequests } from './metrics/record-requests';
import type { MailSender } from './mail/sender';
import { type Services, createServices } from './services';

export interface CreateAppOptions {
  db: Kysely<Database>;
  config: Config;
  clock?: Clock;
  /** Default: SMTP over SMTP_URL, or the outbox in DATA_DIR. */
  mailer?: Mailer;
  /** Default: JSON lines on standard output at LOG_LEVEL. */
  log?: ServerLog;
  /** Set `draining` and the health check answers 503 (server/http/drain.ts). Default: never draining. */
  readiness?: Readiness;
  /** Shared with the periodic jobs by server/main.ts. Default: this app's own. */
  metrics?: Metrics;
}

/**
 * The app, `ready()` (resolves once it can answer without a first write: the signing secret exists), and
 * `close()` for what it opened itself (the limits' store); `db` stays the caller's to close.
 */
export type App = Hono<AppEnv> & {
  ready(): Promise<void>;
  close(): Promise<void>;
  metrics: Metrics;
  /** The mail queue's sender: the periodic sweep (server/main.ts) and tests drive it. */
  mail: MailSender;
  /** Where invoice documents are drawn: in worker threads when compiled (server/threads/pool.ts). */
  documentsDrawn: Threads['where'];
};

export function createApp({
  db,
  config,
  clock = systemClock,
  mailer,
  log,
  readiness = { draining: false },
  metrics = createMetrics(),
}: CreateAppOptions): App {
  const services: Services = createServices({
    db,
    config,
    clock,
    metrics,
    ...(mailer ? { mailer } : {}),
    ...(log ? { log } : {}),
  });
  const app = new Hono<AppEnv>();
  app.onError(onError(services.log));
  app.notFound(onNotFound);

  // First, so that it times all the rest; only when someone may read the figures (docs/operating.md#metrics).
  if (config.METRICS_TOKEN !== undefined) app.use('*', recordRequests(metrics));
  app.use('*', securityHeaders(config));
  // A process that started while its database was unreachable answers every API call 503 until it has migrated
  // (server/main.ts); the health check says so in its own words.
  app.use('/api/*', async (c, next) => {
    if (!readiness.waitingForDatabase || c.req.path === '/api/health') return next();
    return errorResponse(c, 503, DATABASE_UNAVAILABLE_TEXT);
  });
  // BODY_LIMIT_BYTES everywhere, except the routes whose bodies carry a file (the profile's picture, the office's
  // report): one table, server/body-limit-routes.ts. Only on the methods whose routes read a body.
  app.on(METHODS_WITH_BODIES, '*', limitBodies(config.BODY_LIMIT_BYTES, BODY_LIMIT_ROUTES));
  // Scripts, styles and JSON shrink to a fraction over the wire, for clients that ask.
  app.use('*', compressWhenAsked());

  // Each prefix is mounted once; where several resources share one, server/prefixes.ts composes them
  // (docs/architecture.md#what-lives-where).
  // The health check (load balancers, the test runner) and the browser app's settings.
  app.route('/api', siteRoutes(services, readiness));
  // Every way in: e-mail and password, a sign-in's second step, Google, passkeys.
  app.route('/api/auth', authPrefix(services));
  // The customer's own account, its ways in and its life cycle, and visits.
  app.route('/api/users', usersPrefix(services));
  // Pictures for <img> tags: open to all.
  app.route('/api/avatars', avatarRoutes(services));
  app.route('/api/invoices', invoiceRoutes(services));
  // The contact form and the youth application, to the office.
  app.route('/api/forms', formRoutes(services));
  // A customer's order: its report, calendar file and invoice document.
  app.route('/api/orders', ordersPrefix(services));
  // A booking mail's link: no sign-in, limited per address (docs/decisions/0042-customers-book-their-call.md).
  app.route('/api/bookings', bookingLinkRoutes(services));
  // The office: orders after payment, and (admins) its staff. Office and admin accounts only.
  app.route('/api/office', officeRoutes(services));
  const { payments } = services;
  // Only the configured provider's routes exist: with Stripe in use, no test-mode "Pay" button is reachable.
  if (payments.name === 'stripe') app.route('/api/payments/stripe', stripeWebhookRoutes(services, payments));
  app.all('/api/*', (c) => errorResponse(c, 404, NOT_FOUND_TEXT));
  // Prometheus's scrape, outside /api: for the operator's monitoring, not the site's clients.
  app.route('/', metricsRoutes(config, metrics));

  // Server-rendered pages, before the SPA's catch-all.
  if (payments.name === 'sandbox') app.route('/pay/sandbox', sandboxCheckoutRoutes(services, payments));

  mountStatic(app, config.STATIC_DIR, services.log, config.PUBLIC_URL);
  return Object.assign(app, {
    ready: () => services.ready(),
    close: () => services.close(),
    metrics,
    mail: services.mail,
    documentsDrawn: services.threads.where,
  });
}
