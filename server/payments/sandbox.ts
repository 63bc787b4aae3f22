/**
 * The embedded sandbox provider (the default, when Stripe is not configured): the payment link is a
 * checkout page served by this server, signed so that only the invoice's owner's link opens it.
 * The signature is HMAC-SHA256 over the invoice id and its owner's user id with a server secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { PaymentProvider } from './provider';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  sign(invoiceId: string, userId: string): Promise<string>;
  /** Constant-time check of a signature from a link or form; false for anything malformed. */
  verify(invoiceId: string, userId: string, signature: unknown): Promise<boolean>;
}

export function sandboxCheckoutPath(invoiceId: string): string {
  return `/pay/sandbox/${encodeURIComponent(invoiceId)}`;
}

/** `secret` is the server's signing secret (server/secrets.ts), shared by every instance. */
export function createSandboxProvider(
  config: Pick<Config, 'PUBLIC_URL'>,
  secret: () => Promise<string>,
): SandboxProvider {
  const sign = async (invoiceId: string, userId: string) =>
    createHmac('sha256', await secret())
      .update(`${invoiceId}\n${userId}`, 'utf8')
      .digest('base64url');

  return {
    name: 'sandbox',
    sign,
    async verify(invoiceId, userId, signature) {
      if (typeof signature !== 'string' || signature.length === 0 || signature.length > 100) return false;
      // Stryker disable next-line StringLiteral: an empty encoding is utf8 too
      const expected = Buffer.from(await sign(invoiceId, userId), 'utf8');
      // Stryker disable next-line StringLiteral: an empty encoding is utf8 too
      const given = Buffer.from(signature, 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async createPaymentLink(invoice, user) {
      const sig = await sign(invoice.id, user.id);
      return { url: `${config.PUBLIC_URL}${sandboxCheckoutPath(invoice.id)}?sig=${sig}`, reference: null };
    },
  };
}
