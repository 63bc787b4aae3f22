/**
 * Only server/ways-in/ writes an account's ways in (docs/security.md, "An account's ways in";
 * docs/decisions/0040-server-resources-in-tiers.md): no other file of server/ inserts into, updates or deletes from
 * their tables, nor sets a password. A new way in added elsewhere fails here, before "remove every other way to sign
 * in" can forget it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WAYS_IN_TABLES = [
  'sessions',
  'identities',
  'totp_secrets',
  'recovery_codes',
  'passkeys',
  'passkey_challenges',
  'code_tickets',
  'email_codes',
];
const WRITE = new RegExp(`(insertInto|updateTable|deleteFrom)\\(\\s*'(${WAYS_IN_TABLES.join('|')})'`, 'g');
/** Setting a password outside the account's creation: `password_hash:` in a set() or an update. */
const PASSWORD_WRITE = /password_hash\s*:/;

function serverFiles(dir = path.join(root, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const outsideWaysIn = serverFiles().filter((file) => !file.includes(`${path.sep}ways-in${path.sep}`));

describe('the tables of the ways in', () => {
  it('are written only in server/ways-in/', () => {
    const writes = outsideWaysIn.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(WRITE)].map((match) => `${path.relative(root, file)}: ${match[0]}`),
    );
    expect(writes).toEqual([]);
  });

  it('a password is set only there, besides the account row made at sign-up', () => {
    const setters = outsideWaysIn
      .filter((file) => PASSWORD_WRITE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    // The schema declares the column; the users repository writes it once, when the account is created.
    expect(setters.sort()).toEqual(['server/db/schema.ts', 'server/users/repository.ts']);
  });

  it('the check sees a write when there is one', () => {
    expect("db.updateTable('passkeys').set({ name })".match(WRITE)).toHaveLength(1);
    expect("db.deleteFrom( 'sessions')".match(WRITE)).toHaveLength(1);
    expect("db.insertInto('orders')".match(WRITE)).toBeNull();
  });
});
