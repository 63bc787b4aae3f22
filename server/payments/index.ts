/** Chooses the payment provider from the configuration: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
import type { Config } from '../config';
import { type SandboxProvider, createSandboxProvider } from './sandbox';
import { type StripeProvider, createStripeProvider } from './stripe';

/** The configured provider; `name` tells which one, and with it which extra routes exist. */
export type ConfiguredProvider = SandboxProvider | StripeProvider;

export function createPaymentProvider(config: Config): ConfiguredProvider {
  return config.STRIPE_SECRET_KEY ? createStripeProvider(config) : createSandboxProvider(config);
}
