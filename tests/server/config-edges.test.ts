/**
 * The configuration at the edges the operator meets: a secret exactly as long as required, a VAT rate with two
 * decimals, and the exact words of the refusals, which are all the operator sees of a server that would not
 * start. The rest of the configuration is in config.test.ts.
 */
import { expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'started';
};

it('takes a metrics token of exactly 32 characters, and refuses 31 in so many words', () => {
  expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).METRICS_TOKEN).toBe('m'.repeat(32));
  expect(refusal({ METRICS_TOKEN: 'm'.repeat(31) })).toBe('METRICS_TOKEN must be at least 32 characters long.');
});

it('takes a VAT rate with any number of decimals up to 100', () => {
  expect(loadConfig({ VAT_RATE: '17.25' }).VAT_RATE).toBe(17.25);
  expect(refusal({ VAT_RATE: '17.' })).toBe(
    'VAT_RATE must be a percentage from 0 to 100 (e.g. 20 or 17.5), got "17.".',
  );
});

it('says how to take payments when a public site has no payment provider', () => {
  expect(refusal({ PUBLIC_URL: 'https://shop.example', HOST: '0.0.0.0' })).toBe(
    'No payment provider for https://shop.example on HOST 0.0.0.0: set STRIPE_SECRET_KEY and ' +
      'STRIPE_WEBHOOK_SECRET to take payments, or PAYMENTS=sandbox to run the test checkout (no money moves; any ' +
      'customer can mark their own invoice paid) on a staging site. The sandbox runs by itself only on a ' +
      'loopback PUBLIC_URL and a loopback HOST.',
  );
});
