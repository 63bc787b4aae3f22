/** Chooses the payment provider from the configuration: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
import type { Config } from '../config';
import { type SandboxProvider, createSandboxProvider } from './sandbox';
import { type StripeProvider, createStripeProvider } from './stripe';

/** The configured provider; `name` tells which one, and with it which extra routes exist. */
export type ConfiguredProvider = SandboxProvider | StripeProvider;

/** Which provider `createPaymentProvider` gives for this configuration (loadConfig has refused unsafe ones). */
export function paymentProviderName(config: Pick<Config, 'STRIPE_SECRET_KEY'>): ConfiguredProvider['name'] {
  return config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
}

/** `secret`: the server's signing secret, which the sandbox signs its links with. */
export function createPaymentProvider(config: Config, secret: () => Promise<string>): ConfiguredProvider {
  return paymentProviderName(config) === 'stripe' ? createStripeProvider(config) : createSandboxProvider(secret);
}
