/**
 * The embedded sandbox provider (the default, when Stripe is not configured): the payment link is a
 * checkout page served by this server, signed so that only the invoice's owner's link opens it.
 * The signature is HMAC-SHA256 over the invoice id and its owner's user id with a server secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { loadPaymentLinkSecret } from './secret';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  sign(invoiceId: string, userId: string): string;
  /** Constant-time check of a signature from a link or form; false for anything malformed. */
  verify(invoiceId: string, userId: string, signature: unknown): boolean;
}

export function sandboxCheckoutPath(invoiceId: string): string {
  return `/pay/sandbox/${encodeURIComponent(invoiceId)}`;
}

export function createSandboxProvider(
  config: Pick<Config, 'PUBLIC_URL' | 'PAYMENT_LINK_SECRET' | 'DATA_DIR'>,
): SandboxProvider {
  // Read (or created) on first use, so an app that never takes an order never touches DATA_DIR for it.
  let secret: string | undefined;
  const key = () => (secret ??= loadPaymentLinkSecret(config));

  const sign = (invoiceId: string, userId: string) =>
    createHmac('sha256', key()).update(`${invoiceId}\n${userId}`, 'utf8').digest('base64url');

  return {
    name: 'sandbox',
    sign,
    verify(invoiceId, userId, signature) {
      if (typeof signature !== 'string' || signature.length === 0 || signature.length > 100) return false;
      const expected = Buffer.from(sign(invoiceId, userId), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async createPaymentLink(invoice, user) {
      const sig = sign(invoice.id, user.id);
      return { url: `${config.PUBLIC_URL}${sandboxCheckoutPath(invoice.id)}?sig=${sig}`, reference: null };
    },
  };
}
