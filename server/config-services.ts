import { company } from '#domain/company';
import {
  addressLines,
  email,
  integer,
  type Env,
  invoicePrefix,
  oneOf,
  optionalUrl,
  percent,
  raw,
  smtpUrl,
  switchableUrl,
  url,
} from './config-values';

/** The services outside the server it talks to: payments, geolocation and mail. */
export function readPaymentsAndMail(env: Env) {
  return {
    /**
     * Signs the sandbox checkout links and keys the e-mailed codes' HMAC. Unset: a secret is generated once and
     * kept in the database (server/secrets.ts), so links survive restarts and every instance agrees.
     */
    PAYMENT_LINK_SECRET: raw(env, 'PAYMENT_LINK_SECRET'),
    /** Set: payments go through Stripe Checkout instead of the built-in sandbox checkout page. */
    STRIPE_SECRET_KEY: raw(env, 'STRIPE_SECRET_KEY'),
    /** Verifies the signature of Stripe's webhook calls; required together with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: raw(env, 'STRIPE_WEBHOOK_SECRET'),
    /** Where the Stripe client sends its API calls instead of api.stripe.com (tests point it at loopback). */
    STRIPE_API_BASE: optionalUrl(env, 'STRIPE_API_BASE'),
    /**
     * The geolocation service the browser asks before reporting a visit (GET /api/client-config); its origin
     * is added to the CSP's connect-src. Default https://ipapi.co/json/; set to the empty string: no lookup (null).
     */
    GEOLOCATION_URL: switchableUrl(env, 'GEOLOCATION_URL', 'https://ipapi.co/json/'),
    /** Mail goes out through this SMTP server (smtp:// or smtps://, credentials in the URL); unset: DATA_DIR/outbox. */
    SMTP_URL: smtpUrl(env, 'SMTP_URL'),
    /**
     * 'outbox' says, on a public PUBLIC_URL, that mail going to DATA_DIR/outbox instead of an SMTP server is meant
     * (a staging site). Unset, a site with a public PUBLIC_URL and no SMTP_URL refuses to start.
     */
    MAIL: oneOf(env, 'MAIL', ['outbox'] as const),
    /** Where the office is e-mailed every paid order, and reminded of an order whose promise runs out soon. */
    OFFICE_EMAIL: email(env, 'OFFICE_EMAIL', company.supportEmail),
  };
}

/** Sign-in with Google: the client id and the provider's endpoints. */
export function readGoogleSignIn(env: Env) {
  return {
    /**
     * The OAuth client id the site is registered under at Google (or at the local OpenID provider in
     * development and tests). Unset: sign-in with Google is off (client-config `google: null`, its routes 503).
     */
    OAUTH_CLIENT_ID: raw(env, 'OAUTH_CLIENT_ID'),
    /** Where the browser's sign-in popup goes. Default Google's authorisation endpoint. */
    OAUTH_AUTHORIZATION_URL: url(env, 'OAUTH_AUTHORIZATION_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
    /** Answers what an access token is (issued to which client, until when). Default Google's tokeninfo. */
    OAUTH_TOKENINFO_URL: url(env, 'OAUTH_TOKENINFO_URL', 'https://oauth2.googleapis.com/tokeninfo'),
    /** The OpenID Connect userinfo endpoint: the profile (sub, e-mail, name) behind an access token. */
    OAUTH_USERINFO_URL: url(env, 'OAUTH_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo'),
    /** How long one call to the provider may take before the sign-in fails with 502. */
    OAUTH_TIMEOUT_MS: integer(env, 'OAUTH_TIMEOUT_MS', 5000, 1, 120_000),
  };
}

/** The seller on the invoice documents, and how their numbers and VAT are written. */
export function readSeller(env: Env) {
  return {
    /**
     * The seller on every invoice document (docs/invoices.md): the company's registered name, its address (lines
     * separated by commas), its company number and its VAT number. Without VAT_NUMBER the documents are receipts,
     * not VAT invoices. Set them before taking real payments: the defaults are the example company's.
     */
    COMPANY_LEGAL_NAME: raw(env, 'COMPANY_LEGAL_NAME') ?? `${company.name} Ltd`,
    COMPANY_ADDRESS: addressLines(env, 'COMPANY_ADDRESS', '1 Example Street, London, EC1A 1AA, United Kingdom'),
    COMPANY_NUMBER: raw(env, 'COMPANY_NUMBER') ?? null,
    VAT_NUMBER: raw(env, 'VAT_NUMBER') ?? null,
    /** The VAT rate in percent (0 to 100, decimals allowed), included in the catalogue's prices. */
    VAT_RATE: percent(env, 'VAT_RATE', 20),
    /** The invoice numbers' prefix: NG- gives NG-2026-000042 (and TEST-NG-2026-000001 for test payments). */
    INVOICE_NUMBER_PREFIX: invoicePrefix(env, 'INVOICE_NUMBER_PREFIX', 'NG-'),
  };
}
