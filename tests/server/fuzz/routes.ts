/**
 * Every route the app registers, with what a fitting request looks like (path parameters, query, body
 * fields), grouped as the fuzz test files take them (one file per group). fuzz-public.test.ts checks that
 * the groups together are exactly the app's routes.
 */
import fc from 'fast-check';
import { WEEKDAYS } from '#domain/booking';
import { HOURS_RANGES_PER_DAY_MAX } from '#domain/bookingContract';
import { SERVICE_TYPES } from '#domain/contract';
import { services as catalogue } from '#domain/catalogue/services';
import type { BodyShape } from './bodies';
import { type Fields, text } from './junk';
import { FUZZER_PASSWORD, type FuzzWorld, fromPool } from './world';

export interface Route extends BodyShape {
  method: string;
  path: string;
  params?: Fields;
  query?: Fields;
}

export type RouteGroup = 'public' | 'auth' | 'users' | 'orders' | 'office';

/** The routes, their values drawn from the world's pools as they are when a request is generated. */
export function fuzzRoutes(world: FuzzWorld): Record<RouteGroup, Route[]> {
  const visitDate = fc.constantFrom('2026-01-05', '2026-13-45', '0000-00-00');
  const visitTime = fc.constantFrom('09:00:00', '25:61:61');
  const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

  const F = {
    name: fc.oneof(fc.constantFrom('Ada Lovelace', ' Grace '), fc.string({ minLength: 1, maxLength: 100 })),
    email: fc.oneof(
      fc.constant(null).map(() => world.fuzzer.email),
      fromPool(() => world.pools.emails, 'a@example.com'),
      fc.emailAddress(),
      fc.nat().map((n) => `fuzz.${n}@example.com`),
    ),
    password: fc.oneof(
      fromPool(() => world.pools.passwords, FUZZER_PASSWORD),
      fc.string({ minLength: 8, maxLength: 128 }),
    ),
    code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('000000', '123456')),
    recoveryCode: fc.oneof(fc.stringMatching(/^[a-z2-9]{4}-[a-z2-9]{4}$/), fc.constantFrom('ABCD EFGH')),
    ticket: fc.oneof(fc.stringMatching(/^[\w-]{43}$/), fc.constantFrom('A'.repeat(43))),
    googleToken: fc.oneof(
      fromPool(() => world.pools.googleTokens, 'x'),
      fc.string({ minLength: 1, maxLength: 100 }),
    ),
    userId: fc.oneof(
      fromPool(() => world.pools.userIds, 'x'),
      fc.uuid(),
    ),
  };

  /** WebAuthn answers as @simplewebauthn/browser sends them (base64url fields), with made-up bytes. */
  const base64url = fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/);
  const passkeyAnswer = (parts: Record<string, fc.Arbitrary<unknown>>) =>
    fc.record({
      id: base64url,
      rawId: base64url,
      type: fc.constant('public-key'),
      response: fc.record({ clientDataJSON: base64url, ...parts }),
      clientExtensionResults: fc.constant({}),
    });
  const passkeyRegistration = passkeyAnswer({ attestationObject: base64url });
  const passkeyAssertion = passkeyAnswer({ authenticatorData: base64url, signature: base64url, userHandle: base64url });

  /** A call's start: on the half-hour of the coming days, or any instant, or text that is none. */
  const bookingStart = fc.oneof(
    fc.integer({ min: 0, max: 14 * 48 }).map((n) => new Date(Date.UTC(2026, 0, 5, 11) + n * 30 * 60_000).toISOString()),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.string({ maxLength: 60 }),
  );
  const bookingZone = fc.oneof(fc.constantFrom('Europe/London', 'Pacific/Kiritimati', 'Asia/Kathmandu'), fc.string());

  const orderId = fc.oneof(
    { weight: 4, arbitrary: fromPool(() => world.pools.orderIds, 'x') },
    { weight: 1, arbitrary: fc.uuid() },
  );
  /** Any account's e-mail but the bystander's, whom no request may make office staff. */
  const staffEmail = fc.oneof(
    fc.constant(null).map(() => world.fuzzer.email),
    fromPool(() => world.pools.emails.filter((email) => email !== world.bystander.user.email), 'a@example.com'),
    fc.emailAddress(),
  );
  /** Around the app's clock: in the past, within the promise, later, and past the booking horizon. */
  const callTime = fc
    .tuple(fc.integer({ min: -2 * 24 * 60, max: 400 * 24 * 60 }), fc.constantFrom('iso', 'offset', 'no zone', 'date'))
    .map(([minutes, form]) => {
      const at = new Date(world.server.clock.now().getTime() + minutes * 60_000).toISOString();
      if (form === 'offset') return at.replace('Z', '+01:00');
      if (form === 'no zone') return at.slice(0, 19);
      if (form === 'date') return at.slice(0, 10);
      return at;
    });

  /** Times of day as the office's hours take them, and ones they refuse. */
  const wallTime = fc.oneof(
    fc.constantFrom('09:00', '12:30', '17:00', '24:00', '9:00', ''),
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
      .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`),
  );
  const linkField = (part: 'id' | 'sig') =>
    fc.oneof(
      { weight: 3, arbitrary: fromPool(() => world.pools.links.map((link) => link[part]), 'x') },
      { weight: 1, arbitrary: text },
    );
  return {
    /** What anyone may call: health, client config, metrics, the contact and youth forms. */
    public: [
      { method: 'GET', path: '/api/health' },
      { method: 'GET', path: '/api/client-config' },
      // Prometheus's scrape: a 404 here, where METRICS_TOKEN is unset.
      { method: 'GET', path: '/metrics' },
      // For crawlers: robots.txt and the sitemap (docs/operating.md#pages-for-search-engines-and-link-previews).
      { method: 'GET', path: '/robots.txt' },
      { method: 'GET', path: '/sitemap.xml' },
      {
        method: 'POST',
        path: '/api/forms/contact',
        fields: { name: F.name, email: F.email, message: F.name, website: fc.constantFrom('', 'http://spam.example') },
      },
      {
        method: 'POST',
        path: '/api/forms/youth-application',
        fields: {
          fullName: F.name,
          emailAddress: F.email,
          phoneNumber: fc.constantFrom('07123456789', 'x'),
          age: fc.integer({ min: -5, max: 99 }),
          joinCause: F.name,
        },
      },
    ],
    /** Registration and sign-in: e-mail and password, the second step, Google, signing out. */
    auth: [
      {
        method: 'POST',
        path: '/api/auth/register/email',
        forms: true,
        fields: { name: F.name, email: F.email, password: F.password },
      },
      { method: 'POST', path: '/api/auth/login/email', fields: { email: F.email, password: F.password } },
      {
        method: 'POST',
        path: '/api/auth/login/second-step',
        fields: { ticket: F.ticket, code: fc.oneof(F.code, F.recoveryCode) },
      },
      { method: 'POST', path: '/api/auth/logout' },
      { method: 'POST', path: '/api/auth/logout/others' },
      { method: 'POST', path: '/api/auth/register/google', fields: { googleToken: F.googleToken } },
      { method: 'POST', path: '/api/auth/login/google', fields: { googleToken: F.googleToken } },
      { method: 'POST', path: '/api/auth/passkey/options' },
      { method: 'POST', path: '/api/auth/passkey', fields: { response: passkeyAssertion } },
    ],
    /** The signed-in account: profile, password, verification, notifications, deletion, visits, avatars. */
    users: [
      { method: 'GET', path: '/api/users/authenticate' },
      { method: 'GET', path: '/api/users/passkeys' },
      {
        method: 'POST',
        path: '/api/users/passkeys/registration/options',
        fields: { currentPassword: F.password, code: F.code },
      },
      {
        method: 'POST',
        path: '/api/users/passkeys/registration',
        fields: { name: F.name, response: passkeyRegistration },
      },
      {
        method: 'PATCH',
        path: '/api/users/passkeys/:id',
        params: { id: fc.oneof(fc.uuid(), text) },
        fields: { name: F.name },
      },
      {
        method: 'DELETE',
        path: '/api/users/passkeys/:id',
        params: { id: fc.oneof(fc.uuid(), text) },
        fields: { currentPassword: F.password, code: F.code },
      },
      {
        method: 'GET',
        path: '/api/avatars/:id',
        params: { id: F.userId },
        query: { v: fc.oneof(fc.stringMatching(/^[0-9a-f]{16}$/), text) },
      },
      {
        method: 'PATCH',
        path: '/api/users/profile/update',
        forms: true,
        fields: { name: F.name, email: F.email, currentPassword: F.password, code: F.code },
      },
      {
        method: 'PATCH',
        path: '/api/users/password/change',
        fields: { oldPassword: F.password, newPassword: F.password, confirmPassword: F.password },
      },
      {
        method: 'GET',
        path: '/api/users/password/forgot',
        query: { email: F.email, lang: fc.constantFrom('en', 'xx'), sendTo: fc.webUrl() },
      },
      {
        method: 'POST',
        path: '/api/users/password/forgot/code',
        fields: { email: F.email, lang: fc.constantFrom('en', 'xx'), sendTo: fc.webUrl() },
      },
      {
        method: 'POST',
        path: '/api/users/password/forgot',
        fields: {
          email: F.email,
          code: F.code,
          newPassword: F.password,
          ticket: F.ticket,
          removeOtherSignIns: fc.boolean(),
        },
      },
      { method: 'GET', path: '/api/users/verify/email-change' },
      { method: 'POST', path: '/api/users/verify/email-change/code' },
      { method: 'POST', path: '/api/users/verify/email-change', fields: { email: F.email, code: F.code } },
      { method: 'GET', path: '/api/users/verify/email-change/resend' },
      { method: 'POST', path: '/api/users/verify/email-change/resend' },
      { method: 'GET', path: '/api/users/verify/email' },
      { method: 'POST', path: '/api/users/verify/email/code' },
      { method: 'POST', path: '/api/users/verify/email', fields: { code: F.code } },
      { method: 'GET', path: '/api/users/two-factor' },
      { method: 'POST', path: '/api/users/two-factor/code' },
      {
        method: 'POST',
        path: '/api/users/two-factor/totp/setup',
        fields: { currentPassword: F.password, code: F.code },
      },
      { method: 'POST', path: '/api/users/two-factor/totp/enable', fields: { code: F.code } },
      { method: 'POST', path: '/api/users/two-factor/recovery-codes', fields: { code: F.code } },
      {
        method: 'POST',
        path: '/api/users/two-factor/disable',
        fields: { currentPassword: F.password, code: F.code, twoFactorCode: fc.oneof(F.code, F.recoveryCode) },
      },
      { method: 'GET', path: '/api/users/billing' },
      {
        method: 'PUT',
        path: '/api/users/billing',
        fields: {
          billingName: nullable(fc.oneof(fc.constantFrom('Ada Analytics Ltd', ''), fc.string({ maxLength: 220 }))),
          address: nullable(fc.oneof(fc.constantFrom('1 Main Street\nLondon'), fc.string({ maxLength: 520 }))),
          vatNumber: nullable(fc.oneof(fc.constantFrom('GB123456789', 'gb 123 456 789'), fc.string({ maxLength: 20 }))),
        },
      },
      { method: 'GET', path: '/api/users/notifications' },
      { method: 'GET', path: '/api/users/notifications/see' },
      {
        method: 'POST',
        path: '/api/users/notifications/see',
        fields: { ids: fc.array(fc.oneof(text, fc.constantFrom('0', 'n1')), { maxLength: 60 }) },
      },
      { method: 'GET', path: '/api/users/account/deletion/request' },
      { method: 'POST', path: '/api/users/account/deletion/request', fields: { currentPassword: F.password } },
      { method: 'POST', path: '/api/users/account/deletion/cancel' },
      { method: 'GET', path: '/api/users/export' },
      {
        method: 'POST',
        path: '/api/users/record-visit',
        fields: {
          user: nullable(F.userId),
          visitor: fc.string({ minLength: 8, maxLength: 64 }),
          country_code: nullable(fc.constantFrom('GB', 'DE')),
          country_name: nullable(fc.string({ maxLength: 100 })),
          city: nullable(fc.string({ maxLength: 100 })),
          postal: nullable(fc.string({ maxLength: 20 })),
          latitude: nullable(fc.double({ min: -90, max: 90, noNaN: true })),
          longitude: nullable(fc.double({ min: -180, max: 180, noNaN: true })),
          IPv4: nullable(fc.ipV4()),
          state: nullable(fc.string({ maxLength: 100 })),
          visitDate,
          visitTime,
        },
      },
    ],
    /** Ordering and paying: invoices, an order's report and calendar entry, the sandbox checkout. */
    orders: [
      {
        method: 'POST',
        path: '/api/invoices/create',
        fields: {
          amount: fc.oneof(fc.constantFrom(...catalogue.map((service) => service.price)), fc.double()),
          title: fc.oneof(fc.constantFrom(...catalogue.map((service) => service.title)), text),
          type: fc.constantFrom(...SERVICE_TYPES),
          url: fc.oneof(fc.webUrl(), fc.string({ maxLength: 600 })),
        },
        // A service with its own price.
        whole: fc.constantFrom(...catalogue).chain((service) =>
          fc.record({
            amount: fc.constant(service.price),
            title: fc.constant(service.title),
            type: fc.constantFrom(...SERVICE_TYPES),
            url: fc.oneof(fc.webUrl(), fc.constant('')),
          }),
        ),
      },
      { method: 'GET', path: '/api/invoices/my' },
      { method: 'POST', path: '/api/invoices/pay/:id', params: { id: orderId } },
      { method: 'GET', path: '/api/orders/:id/report', params: { id: orderId } },
      { method: 'GET', path: '/api/orders/:id/calendar.ics', params: { id: orderId } },
      { method: 'GET', path: '/api/orders/:id/invoice.pdf', params: { id: orderId } },
      { method: 'GET', path: '/api/orders/:id/slots', params: { id: orderId } },
      {
        method: 'POST',
        path: '/api/orders/:id/booking',
        params: { id: orderId },
        fields: { start: bookingStart, timeZone: bookingZone },
      },
      { method: 'POST', path: '/api/orders/:id/booking/cancel', params: { id: orderId } },
      { method: 'GET', path: '/api/bookings/:token', params: { token: F.ticket } },
      {
        method: 'POST',
        path: '/api/bookings/:token/move',
        params: { token: F.ticket },
        fields: { start: bookingStart, timeZone: bookingZone },
      },
      { method: 'POST', path: '/api/bookings/:token/cancel', params: { token: F.ticket } },
      { method: 'GET', path: '/pay/sandbox/:id', params: { id: linkField('id') }, query: { sig: linkField('sig') } },
      {
        method: 'POST',
        path: '/pay/sandbox/:id/pay',
        forms: true,
        params: { id: linkField('id') },
        fields: { sig: linkField('sig') },
      },
      {
        method: 'POST',
        path: '/pay/sandbox/:id/cancel',
        forms: true,
        params: { id: linkField('id') },
        fields: { sig: linkField('sig') },
      },
    ],
    /** The office's orders and staff (the fuzzer is an admin). */
    office: [
      {
        method: 'GET',
        path: '/api/office/orders',
        query: { view: fc.constantFrom('queue', 'unpaid', 'delivered', 'all', '') },
      },
      { method: 'GET', path: '/api/office/orders/:id', params: { id: orderId } },
      { method: 'GET', path: '/api/office/orders/:id/invoice.pdf', params: { id: orderId } },
      {
        method: 'POST',
        path: '/api/office/orders/:id/schedule',
        params: { id: orderId },
        fields: {
          at: callTime,
          join: fc.oneof(
            fc.constantFrom('https://meet.example.com/x', '+44 20 7946 0000'),
            fc.string({ maxLength: 600 }),
          ),
          reason: nullable(fc.string({ maxLength: 600 })),
        },
      },
      {
        method: 'POST',
        path: '/api/office/orders/:id/report',
        params: { id: orderId },
        forms: true,
        files: ['report'],
      },
      { method: 'POST', path: '/api/office/orders/:id/deliver', params: { id: orderId } },
      { method: 'GET', path: '/api/office/staff' },
      {
        method: 'POST',
        path: '/api/office/staff',
        fields: { email: staffEmail, role: fc.constantFrom('office', 'admin', 'common') },
      },
      { method: 'DELETE', path: '/api/office/staff/:id', params: { id: F.userId } },
      { method: 'GET', path: '/api/office/availability', query: { member: F.userId } },
      {
        method: 'PUT',
        path: '/api/office/availability',
        query: { member: F.userId },
        fields: {
          weekly: fc.record(
            Object.fromEntries(
              WEEKDAYS.map((day) => [
                day,
                fc.array(fc.record({ start: wallTime, end: wallTime }), { maxLength: HOURS_RANGES_PER_DAY_MAX + 1 }),
              ]),
            ),
          ),
          daysOff: fc.array(fc.constantFrom('2026-01-05', '2026-12-24', '2027-02-30', '2025-01-01', 'friday'), {
            maxLength: 5,
          }),
        },
      },
    ],
  };
}
