import { describe, expect, it } from 'vitest';
import { defaultMaxConnections, loadConfig, maxConnectionsFor } from '#server/config';
import { ConfigError } from '#server/config-values';

describe('loadConfig', () => {
  it('has the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      PUBLIC_URL: 'http://localhost:3000',
      STATIC_DIR: 'dist',
      SESSION_IDLE_DAYS: 7,
      SESSION_ABSOLUTE_DAYS: 30,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 20,
      LOGIN_FAILURE_WINDOW_MINUTES: 15,
      LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 100,
      PASSWORD_CHANGE_MAX_FAILURES: 5,
      PASSWORD_CHANGE_MAX_FAILURES_PER_DAY: 20,
      PASSWORD_HASH_CONCURRENCY: 2,
      PASSWORD_HASH_MAX_WAITING: 32,
      REGISTER_MAX_PER_ADDRESS_PER_HOUR: 10,
      REGISTER_MAX_PER_HOUR: 300,
      GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR: 30,
      INVOICE_MAX_PER_USER_PER_HOUR: 30,
      INVOICE_MAX_PER_ADDRESS_PER_HOUR: 100,
      AVATAR_MAX_PER_USER_PER_HOUR: 20,
      DATA_EXPORT_MAX_PER_USER_PER_DAY: 3,
      VISIT_MAX_PER_ADDRESS_PER_MINUTE: 60,
      BOOKING_LINK_MAX_PER_ADDRESS_PER_MINUTE: 30,
      FORM_MAX_PER_ADDRESS_PER_HOUR: 10,
      CALL_MINUTES: 45,
      CALL_BUFFER_MINUTES: 15,
      BOOKING_NOTICE_MINUTES: 120,
      BOOKING_HORIZON_DAYS: 14,
      BOOKING_CHANGE_CUTOFF_MINUTES: 120,
      CALL_REMINDER_MINUTES: 60,
      CALL_VIDEO_ROOM_URL: 'https://meet.jit.si',
      CALL_PHONE_NUMBER: '+44 20 7946 0000',
      FORM_MAIL_MAX_PER_HOUR: 60,
      MAIL_CLAIM_SECONDS: 120,
      TRUST_PROXY: false,
      MAX_CONNECTIONS: defaultMaxConnections(),
      MAX_CONNECTIONS_PER_ADDRESS: 100,
      HEADERS_TIMEOUT_SECONDS: 10,
      REQUEST_TIMEOUT_SECONDS: 60,
      IDLE_TIMEOUT_SECONDS: 10,
      KEEP_ALIVE_TIMEOUT_SECONDS: 5,
      BODY_LIMIT_BYTES: 1024 * 1024,
      PAYMENT_LINK_SECRET: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_API_BASE: undefined,
      SMTP_URL: undefined,
      OFFICE_EMAIL: 'support@northgate-consulting.example',
      CODE_MAX_REQUESTS_PER_ACCOUNT: 5,
      CODE_MAX_REQUESTS_PER_ADDRESS: 20,
      CODE_REQUEST_WINDOW_MINUTES: 15,
      CODE_MAX_PER_UNPROVEN_ADDRESS_PER_DAY: 3,
      CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 20,
      CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR: 30,
      GEOLOCATION_URL: 'https://ipapi.co/json/',
      OAUTH_CLIENT_ID: undefined,
      OAUTH_AUTHORIZATION_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
      OAUTH_TOKENINFO_URL: 'https://oauth2.googleapis.com/tokeninfo',
      OAUTH_USERINFO_URL: 'https://openidconnect.googleapis.com/v1/userinfo',
      OAUTH_TIMEOUT_MS: 5000,
      PAYMENTS: undefined,
      VISIT_RETENTION_DAYS: 90,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: 10,
      CLEANUP_INTERVAL_SECONDS: 3600,
      // Off on a loopback address (the default PUBLIC_URL): a developer's office needs no second factor.
      STAFF_REQUIRE_TWO_FACTOR: false,
      TWO_FACTOR_KEY: undefined,
      // The example company's: an operator sets them before taking real payments (docs/invoices.md).
      COMPANY_LEGAL_NAME: 'Northgate IT Consulting Ltd',
      COMPANY_ADDRESS: ['1 Example Street', 'London', 'EC1A 1AA', 'United Kingdom'],
      COMPANY_NUMBER: null,
      VAT_NUMBER: null,
      VAT_RATE: 20,
      INVOICE_NUMBER_PREFIX: 'NG-',
    });
    expect(Object.keys(loadConfig({}))).toContain('STRIPE_SECRET_KEY');
  });

  it('reads OFFICE_EMAIL, and refuses what is not an e-mail address', () => {
    expect(loadConfig({ OFFICE_EMAIL: ' orders@example.com ' }).OFFICE_EMAIL).toBe('orders@example.com');
    expect(() => loadConfig({ OFFICE_EMAIL: 'the office' })).toThrow(
      new ConfigError('OFFICE_EMAIL must be an e-mail address, got "the office".'),
    );
  });

  it('reads the seller of the invoice documents, and refuses a rate or a prefix that cannot be one', () => {
    const config = loadConfig({
      COMPANY_LEGAL_NAME: 'Northgate Consulting Limited',
      COMPANY_ADDRESS: ' 2 Harbour Road,, Leeds , LS1 4AP ',
      COMPANY_NUMBER: '09876543',
      VAT_NUMBER: 'GB987654321',
      VAT_RATE: '17.5',
      INVOICE_NUMBER_PREFIX: 'NGC-',
    });
    expect(config).toMatchObject({
      COMPANY_LEGAL_NAME: 'Northgate Consulting Limited',
      COMPANY_ADDRESS: ['2 Harbour Road', 'Leeds', 'LS1 4AP'],
      COMPANY_NUMBER: '09876543',
      VAT_NUMBER: 'GB987654321',
      VAT_RATE: 17.5,
      INVOICE_NUMBER_PREFIX: 'NGC-',
    });
    expect(loadConfig({ VAT_RATE: '0' }).VAT_RATE).toBe(0);
    for (const rate of ['20%', '-5', '101', 'twenty']) {
      expect(() => loadConfig({ VAT_RATE: rate })).toThrow(
        new ConfigError(`VAT_RATE must be a percentage from 0 to 100 (e.g. 20 or 17.5), got "${rate}".`),
      );
    }
    for (const prefix of ['NG/', 'NG 2026', 'A-VERY-LONG-PREFIX']) {
      expect(() => loadConfig({ INVOICE_NUMBER_PREFIX: prefix })).toThrow(
        new ConfigError(
          `INVOICE_NUMBER_PREFIX must be 1 to 12 letters, digits or hyphens (e.g. NG-), got "${prefix}".`,
        ),
      );
    }
  });

  it('reads the payment settings', () => {
    const config = loadConfig({
      PAYMENT_LINK_SECRET: 'x'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12345/',
    });
    expect(config).toMatchObject({
      PAYMENT_LINK_SECRET: 'x'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12345',
    });
  });

  it('reads the Google sign-in settings', () => {
    const config = loadConfig({
      OAUTH_CLIENT_ID: ' storefront-local ',
      OAUTH_AUTHORIZATION_URL: 'http://127.0.0.1:3999/auth',
      OAUTH_TOKENINFO_URL: 'http://127.0.0.1:3999/tokeninfo',
      OAUTH_USERINFO_URL: 'http://127.0.0.1:3999/me',
      OAUTH_TIMEOUT_MS: '1500',
    });
    expect(config).toMatchObject({
      OAUTH_CLIENT_ID: 'storefront-local',
      OAUTH_AUTHORIZATION_URL: 'http://127.0.0.1:3999/auth',
      OAUTH_TOKENINFO_URL: 'http://127.0.0.1:3999/tokeninfo',
      OAUTH_USERINFO_URL: 'http://127.0.0.1:3999/me',
      OAUTH_TIMEOUT_MS: 1500,
    });
    expect(loadConfig({ OAUTH_CLIENT_ID: '  ' }).OAUTH_CLIENT_ID).toBeUndefined();
    expect(() => loadConfig({ OAUTH_TOKENINFO_URL: 'not a url' })).toThrow(/OAUTH_TOKENINFO_URL/);
    expect(() => loadConfig({ OAUTH_AUTHORIZATION_URL: 'ftp://x.example/' })).toThrow(/OAUTH_AUTHORIZATION_URL/);
    expect(() => loadConfig({ OAUTH_TIMEOUT_MS: '0' })).toThrow(/OAUTH_TIMEOUT_MS/);
  });

  it('refuses a short PAYMENT_LINK_SECRET, and a Stripe key without a webhook secret', () => {
    expect(() => loadConfig({ PAYMENT_LINK_SECRET: 'too short' })).toThrow(/PAYMENT_LINK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
  });

  it('takes a postgres:// or postgresql:// DATABASE_URL, and refuses anything else without echoing it', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://shop:pw@db.internal:5432/shop' }).DATABASE_URL).toBe(
      'postgres://shop:pw@db.internal:5432/shop',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/shop?sslmode=require' }).DATABASE_URL).toBe(
      'postgresql://db/shop?sslmode=require',
    );
    expect(loadConfig({ DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
    for (const bad of ['mysql://root:hunter2@db/shop', 'sqlite:./data/x.sqlite', 'hunter2', 'http://db/shop']) {
      const attempt = () => loadConfig({ DATABASE_URL: bad });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
      expect(attempt).not.toThrow(/hunter2/);
    }
    expect(() => loadConfig({ DATABASE_URL: 'postgres://shop:pw@db:5432' })).toThrow(/must name the database/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://shop:pw@db:5432/' })).toThrow(/must name the database/);
  });

  it('reads every variable, and blank counts as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/storefront',
      PUBLIC_URL: 'https://shop.example/',
      PAYMENTS: 'Sandbox',
      MAIL: 'Outbox',
      VISIT_RETENTION_DAYS: '30',
      LOG_LEVEL: 'warn',
      STATIC_DIR: 'build',
      SESSION_IDLE_DAYS: '1.5',
      SESSION_ABSOLUTE_DAYS: '10',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: ' 50 ',
      LOGIN_FAILURE_WINDOW_MINUTES: '',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/storefront',
      PUBLIC_URL: 'https://shop.example',
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      VISIT_RETENTION_DAYS: 30,
      LOG_LEVEL: 'warn',
      STATIC_DIR: 'build',
      SESSION_IDLE_DAYS: 1.5,
      SESSION_ABSOLUTE_DAYS: 10,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 3,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 50,
      LOGIN_FAILURE_WINDOW_MINUTES: 15,
      TRUST_PROXY: true,
    });
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
  });

  it('listens on loopback unless PUBLIC_URL names a public site', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000' }).HOST).toBe('::1');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example', PAYMENTS: 'sandbox', MAIL: 'outbox' }).HOST).toBe(
      '0.0.0.0',
    );
  });

  it('takes PUBLIC_URL from the address it listens on, so payment returns to the same origin', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).PUBLIC_URL).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PAYMENTS: 'sandbox' }).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('refuses a public site that would write its mail to a folder, unless MAIL=outbox says so', () => {
    const site = { PUBLIC_URL: 'https://shop.example', PAYMENTS: 'sandbox' };
    expect(() => loadConfig(site)).toThrow(/No mail server for https:\/\/shop\.example: set SMTP_URL.*MAIL=outbox/s);
    expect(loadConfig({ ...site, MAIL: 'outbox' }).MAIL).toBe('outbox');
    expect(loadConfig({ ...site, SMTP_URL: 'smtp://mail.shop.example:587' }).MAIL).toBeUndefined();
    expect(() => loadConfig({ ...site, MAIL: 'outbox', SMTP_URL: 'smtp://mail.shop.example' })).toThrow(
      /choose where mail goes/,
    );
    expect(() => loadConfig({ ...site, MAIL: 'folder' })).toThrow(/MAIL must be one of outbox/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['SESSION_IDLE_DAYS', '0'],
    ['SESSION_ABSOLUTE_DAYS', '-3'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'five'],
    ['LOGIN_FAILURE_WINDOW_MINUTES', 'NaN'],
    ['TRUST_PROXY', 'maybe'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://shop.example'],
    ['PAYMENTS', 'free'],
    ['VISIT_RETENTION_DAYS', '0'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with an error naming the variable', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(key);
  });

  it('caps connections by the open-file limit, and per address unless behind a proxy', () => {
    expect(maxConnectionsFor(1024)).toBe(824);
    expect(maxConnectionsFor(1_048_576)).toBe(10_000);
    expect(maxConnectionsFor(100)).toBe(1);
    expect(maxConnectionsFor(undefined)).toBe(1000);
    expect(loadConfig({ TRUST_PROXY: '1' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '50' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(50);
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('refuses an idle lifetime longer than the absolute one', () => {
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '40' })).toThrow(/SESSION_IDLE_DAYS/);
  });
});
