/**
 * The key that encrypts authenticator-app secrets and keys the recovery codes' hashes
 * (docs/decisions/0028-totp-secrets-encrypted.md). TWO_FACTOR_KEY when configured; otherwise 32 random bytes
 * made once by the first instance that needs them and kept in `server_secrets`, like the signing secret
 * (server/secrets.ts), so every instance sharing the database reads the same secrets.
 *
 * Each ciphertext and hash names its key by a short id, so a site that sets TWO_FACTOR_KEY later still reads
 * what the database's key wrote: that key stays a fallback for reading, and every new write uses the configured one.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { type Config } from '../config';
import { parseTwoFactorKey } from '../config-values';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import { findStoredTwoFactorKey, storeTwoFactorKeyOnce } from './two-factor-repository';

interface Key {
  /** The first 8 hex digits of the key's sha256: names the key, reveals nothing of it. */
  id: string;
  bytes: Buffer;
}

export interface TwoFactorKeys {
  /** `v1.<key id>.<nonce>.<tag>.<ciphertext>` (base64url parts). */
  encrypt(plain: string): Promise<string>;
  /** Null when no known key wrote it, or it was altered. */
  decrypt(sealed: string): Promise<string | null>;
  /** `<key id>.<HMAC-SHA256 hex>` of `text` under the key writing now. */
  hash(text: string): Promise<string>;
  /** The same text's hashes under every known key (the one writing now first): what a lookup compares. */
  hashes(text: string): Promise<string[]>;
}

const keyOf = (bytes: Buffer): Key => ({ id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes });

export function createTwoFactorKeys(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'TWO_FACTOR_KEY'>;
}): TwoFactorKeys {
  const configured = deps.config.TWO_FACTOR_KEY === undefined ? null : parseTwoFactorKey(deps.config.TWO_FACTOR_KEY);
  let loading: Promise<Key[]> | undefined;
  /** The key writing now first, then the database's when a configured key is in use and one was stored. */
  const keys = (): Promise<Key[]> => {
    // A failed read (database briefly unreachable) is not remembered: the next request tries again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  async function load(): Promise<Key[]> {
    const stored = await findStoredTwoFactorKey(deps.db);
    if (configured) return stored ? [keyOf(configured), keyOf(stored)] : [keyOf(configured)];
    return [keyOf(stored ?? (await createStored(deps.db, deps.clock)))];
  }
  const mac = (key: Key, text: string) =>
    `${key.id}.${createHmac('sha256', key.bytes).update(`recovery\n${text}`).digest('hex')}`;

  return {
    async encrypt(plain) {
      const [key] = await keys();
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key!.bytes, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return ['v1', key!.id, ...parts].join('.');
    },
    async decrypt(text) {
      const [version, id, nonce, tag, sealed, ...extra] = text.split('.');
      const key = (await keys()).find((known) => known.id === id);
      // Another format or a key this site does not know; a part altered fails the authentication tag below. With a
      // fifth part, the nonce and the tag before it are there.
      if (version !== 'v1' || !key || sealed === undefined || extra.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(nonce!, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    async hash(text) {
      const [key] = await keys();
      return mac(key!, text);
    },
    async hashes(text) {
      return (await keys()).map((key) => mac(key, text));
    },
  };
}

async function createStored(db: Kysely<Database>, clock: Clock): Promise<Buffer> {
  // Several instances may get here at once: the first insert wins, and every instance reads the winner's key.
  await storeTwoFactorKeyOnce(db, randomBytes(32).toString('hex'), clock.now());
  const stored = await findStoredTwoFactorKey(db);
  if (!stored) throw new Error('the two-factor key could not be stored');
  return stored;
}

// One TwoFactorKeys per app, made on first use from the app's services: the key is read from the database
// once, whichever route (sign-in, the profile's Security section) asks first. Keyed by the services object,
// so every app (every test's) has its own.
const made = new WeakMap<object, TwoFactorKeys>();

export function twoFactorKeys(services: Pick<Services, 'db' | 'clock' | 'config'>): TwoFactorKeys {
  let keys = made.get(services);
  if (!keys) {
    keys = createTwoFactorKeys(services);
    made.set(services, keys);
  }
  return keys;
}
