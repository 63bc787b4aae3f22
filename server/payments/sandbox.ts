/**
 * The embedded sandbox provider (the default, when Stripe is not configured): the payment link is a
 * checkout page served by this server, signed so that only the invoice's owner's link opens it.
 * The signature is HMAC-SHA256 over the invoice id and its owner's user id with a server secret. A renewed
 * link ("Pay now") also signs a random version, kept as the invoice's provider_ref and carried in the link as
 * `<version>.<signature>`: a link whose version is not the invoice's current one is authentic but superseded.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from './provider';

/** What a link's signature is worth for one invoice: its current link, an earlier one, or nothing. */
type SandboxLinkCheck = 'valid' | 'superseded' | 'invalid';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The link's `sig`: the first link's (no version) or a renewed one's (`<version>.<signature>`). */
  sign(invoiceId: string, userId: string, version?: string | null): Promise<string>;
  /**
   * Constant-time check of a signature from a link or form against the invoice's current version (its
   * provider_ref, null until a link is renewed); 'invalid' for anything malformed or forged.
   */
  check(
    invoiceId: string,
    userId: string,
    currentVersion: string | null,
    signature: unknown,
  ): Promise<SandboxLinkCheck>;
}

export function sandboxCheckoutPath(invoiceId: string): string {
  return `/pay/sandbox/${encodeURIComponent(invoiceId)}`;
}

const VERSION = /^[A-Za-z0-9_-]{1,32}$/;

/** `secret` is the server's signing secret (server/secrets.ts), shared by every instance. */
export function createSandboxProvider(secret: () => Promise<string>): SandboxProvider {
  const mac = async (invoiceId: string, userId: string, version: string | null) =>
    createHmac('sha256', await secret())
      .update(version === null ? `${invoiceId}\n${userId}` : `${invoiceId}\n${userId}\n${version}`, 'utf8')
      .digest('base64url');
  const sign = async (invoiceId: string, userId: string, version: string | null = null) =>
    version === null ? mac(invoiceId, userId, null) : `${version}.${await mac(invoiceId, userId, version)}`;
  // On the customer's own origin (`site`), so that the checkout returns where their sign-in is kept.
  const link = async (site: string, invoiceId: string, userId: string, version: string | null) =>
    `${site}${sandboxCheckoutPath(invoiceId)}?sig=${await sign(invoiceId, userId, version)}`;

  return {
    name: 'sandbox',
    sign,
    async check(invoiceId, userId, currentVersion, signature) {
      if (typeof signature !== 'string' || signature.length === 0 || signature.length > 100) return 'invalid';
      const dot = signature.indexOf('.');
      const version = dot === -1 ? null : signature.slice(0, dot);
      if (version !== null && !VERSION.test(version)) return 'invalid';
      // Buffer.from reads a string as UTF-8.
      const expected = Buffer.from(await sign(invoiceId, userId, version));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return version === currentVersion ? 'valid' : 'superseded';
    },
    async createPaymentLink(invoice, user, site) {
      return { url: await link(site, invoice.id, user.id, null), reference: null };
    },
    async renewPaymentLink(invoice, user, site) {
      // A new version is the whole renewal: stored as provider_ref, it makes every earlier link superseded.
      const version = randomBytes(12).toString('base64url');
      return { url: await link(site, invoice.id, user.id, version), reference: version };
    },
  };
}
