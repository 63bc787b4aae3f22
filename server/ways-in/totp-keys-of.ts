/**
 * One TwoFactorKeys per app, made on first use from the app's services: the key is read from the database
 * once, whichever route (sign-in, the profile's Security section) asks first. Keyed by the services object,
 * so every app (every test's) has its own.
 */
import type { Services } from '../services';
import { type TwoFactorKeys, createTwoFactorKeys } from './totp-key';

const made = new WeakMap<object, TwoFactorKeys>();

export function twoFactorKeys(services: Pick<Services, 'db' | 'clock' | 'config'>): TwoFactorKeys {
  let keys = made.get(services);
  if (!keys) {
    keys = createTwoFactorKeys(services);
    made.set(services, keys);
  }
  return keys;
}
