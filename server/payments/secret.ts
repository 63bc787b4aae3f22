/**
 * The secret that signs sandbox payment links: PAYMENT_LINK_SECRET when configured, otherwise one generated
 * on first use and kept in DATA_DIR/payment-link-secret (mode 0600), so links survive restarts and are
 * shared by every process on the same DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, PAYMENT_LINK_SECRET_MIN } from '../config';

export const PAYMENT_LINK_SECRET_FILE = 'payment-link-secret';

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < PAYMENT_LINK_SECRET_MIN) {
    throw new Error(`${file} holds no usable secret; delete it (outstanding sandbox payment links will stop working).`);
  }
  return secret;
}

export function loadPaymentLinkSecret(config: Pick<Config, 'PAYMENT_LINK_SECRET' | 'DATA_DIR'>): string {
  if (config.PAYMENT_LINK_SECRET) return config.PAYMENT_LINK_SECRET;
  // A throw-away database gets a throw-away secret.
  if (config.DATA_DIR === ':memory:') return randomBytes(32).toString('hex');

  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const file = join(config.DATA_DIR, PAYMENT_LINK_SECRET_FILE);
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole under a temporary name, then linked into place: link() fails if another process got
  // there first, so nobody ever reads a half-written file and all processes end up with the same secret.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readSecret(file);
}
