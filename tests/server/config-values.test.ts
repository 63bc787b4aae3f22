/**
 * How each kind of environment variable is read (server/config-values.ts), at its edges: blank is unset, a number
 * at each end of its range and one past it, the words a flag takes, the URLs each setting takes and refuses, and
 * the hosts that count as this machine. config.test.ts shows the settings these make.
 */
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  addressLines,
  databaseUrl,
  defaultHost,
  email,
  flag,
  integer,
  invoicePrefix,
  isLoopbackHost,
  listeningUrl,
  oneOf,
  optionalUrl,
  parseTwoFactorKey,
  percent,
  positive,
  raw,
  smtpUrl,
  switchableUrl,
  twoFactorKey,
  url,
} from '#server/config-values';

/** The message a reader throws for `value`, or 'ok'. */
function refusal(read: (env: Record<string, string>) => unknown, value: string): string {
  try {
    read({ X: value });
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).name).toBe('ConfigError');
    return (error as Error).message;
  }
}

describe('numbers', () => {
  it('a whole number from min to max, both included; blank or unset is the default', () => {
    const read = (env: Record<string, string | undefined>) => integer(env, 'X', 7, -2, 10);
    expect([read({}), read({ X: '  ' }), read({ X: ' -2 ' }), read({ X: '10' }), read({ X: '0' })]).toEqual([
      7, 7, -2, 10, 0,
    ]);
    for (const value of ['-3', '11', '1.5', '1e1', '0x5', 'ten', '5 5', '+5', '99999999999999999999'])
      expect(refusal(read, value), value).toBe(`X must be a whole number from -2 to 10, got "${value}".`);
  });

  it('a positive number may have a fraction; zero, a negative or a word is refused', () => {
    const read = (env: Record<string, string | undefined>) => positive(env, 'X', 3);
    expect([read({}), read({ X: '0.5' }), read({ X: '12' })]).toEqual([3, 0.5, 12]);
    for (const value of ['0', '-1', 'Infinity', 'many'])
      expect(refusal(read, value)).toBe(`X must be a number greater than 0, got "${value}".`);
  });

  it('a percentage is from 0 to 100, with a fraction or not', () => {
    const read = (env: Record<string, string | undefined>) => percent(env, 'X', 20);
    expect([read({}), read({ X: '0' }), read({ X: '17.5' }), read({ X: '100' })]).toEqual([20, 0, 17.5, 100]);
    for (const value of ['100.5', '101', '-1', '17.', '.5', '20%', 'x20', '20x'])
      expect(refusal(read, value), value).toBe(
        `X must be a percentage from 0 to 100 (e.g. 20 or 17.5), got "${value}".`,
      );
  });
});

describe('words', () => {
  it('a flag is 1, true or yes, or 0, false or no, in any case; unset is off', () => {
    for (const value of ['1', 'true', 'YES', ' Yes ']) expect(flag({ X: value }, 'X'), value).toBe(true);
    for (const value of ['0', 'false', 'No', '']) expect(flag({ X: value }, 'X'), value).toBe(false);
    expect(flag({}, 'X')).toBe(false);
    expect(refusal((env) => flag(env, 'X'), 'on')).toBe('X must be 1 or 0, got "on".');
  });

  it('one of a list, in any case; anything else names the list', () => {
    expect(oneOf({ X: ' Outbox ' }, 'X', ['smtp', 'outbox'])).toBe('outbox');
    expect(oneOf({ X: '' }, 'X', ['smtp', 'outbox'])).toBeUndefined();
    expect(refusal((env) => oneOf(env, 'X', ['smtp', 'outbox']), 'post')).toBe(
      'X must be one of smtp, outbox, got "post".',
    );
  });

  it('raw text is trimmed, and blank is unset', () => {
    expect([raw({ X: ' a b ' }, 'X'), raw({ X: ' \t' }, 'X'), raw({}, 'X')]).toEqual(['a b', undefined, undefined]);
  });

  it('an e-mail address, address lines and an invoice prefix', () => {
    expect(email({}, 'X', 'office@example.com')).toBe('office@example.com');
    expect(refusal((env) => email(env, 'X', 'office@example.com'), 'office')).toBe(
      'X must be an e-mail address, got "office".',
    );
    expect(addressLines({ X: ' 1 High St ,, London , ' }, 'X', 'x')).toEqual(['1 High St', 'London']);
    expect(addressLines({}, 'X', 'A, B')).toEqual(['A', 'B']);
    expect(invoicePrefix({ X: 'NG-2026-abcd' }, 'X', 'NG-')).toBe('NG-2026-abcd');
    for (const value of ['NG-2026-abcde', 'NG_', 'NG/1', 'NG 1'])
      expect(
        refusal((env) => invoicePrefix(env, 'X', 'NG-'), value),
        value,
      ).toBe(`X must be 1 to 12 letters, digits or hyphens (e.g. NG-), got "${value}".`);
  });
});

describe('URLs', () => {
  it('an http(s) URL loses its trailing slashes; any other is refused, naming it', () => {
    expect(url({ X: 'https://shop.example//' }, 'X', 'http://a')).toBe('https://shop.example');
    expect(url({}, 'X', 'http://localhost:3000/')).toBe('http://localhost:3000');
    for (const value of ['ftp://shop.example', 'shop.example', 'javascript:alert(1)'])
      expect(refusal((env) => url(env, 'X', 'http://a'), value)).toBe(`X must be an http(s) URL, got "${value}".`);
    expect(optionalUrl({}, 'X')).toBeUndefined();
    expect(optionalUrl({ X: 'http://stripe.test/' }, 'X')).toBe('http://stripe.test');
  });

  it('an SMTP URL is smtp:// or smtps://, and is never echoed: it may hold a password', () => {
    expect(smtpUrl({ X: 'smtps://user:secret@mail.example:465' }, 'X')).toBe('smtps://user:secret@mail.example:465');
    expect(smtpUrl({ X: ' ' }, 'X')).toBeUndefined();
    for (const value of ['http://user:secret@mail.example', 'not a url secret'])
      expect(refusal((env) => smtpUrl(env, 'X'), value)).toBe('X must be an smtp:// or smtps:// URL.');
  });

  it('a database URL is postgres(ql):// naming a database; the error never echoes it', () => {
    expect(databaseUrl({ X: 'postgresql://u:secret@db:5432/shop' }, 'X')).toBe('postgresql://u:secret@db:5432/shop');
    expect(databaseUrl({ X: 'postgres://db/shop?host=/run' }, 'X')).toBe('postgres://db/shop?host=/run');
    expect(databaseUrl({}, 'X')).toBeUndefined();
    const wrongKind =
      'X must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database); ' +
      'leave it unset to keep the data in SQLite in DATA_DIR.';
    for (const value of ['mysql://u:secret@db/shop', 'secret'])
      expect(refusal((env) => databaseUrl(env, 'X'), value)).toBe(wrongKind);
    for (const value of ['postgres://u:secret@db:5432', 'postgres://u:secret@db:5432/'])
      expect(refusal((env) => databaseUrl(env, 'X'), value)).toBe(
        'X must name the database after the host (postgres://host:5432/database).',
      );
  });

  it('a switchable URL: unset is the default, blank is off, else kept as given', () => {
    expect(switchableUrl({}, 'X', 'https://meet.example')).toBe('https://meet.example');
    expect(switchableUrl({ X: '  ' }, 'X', 'https://meet.example')).toBeNull();
    expect(switchableUrl({ X: ' https://room.example/ ' }, 'X', 'x')).toBe('https://room.example/');
    for (const value of ['room.example', 'mailto:x@example.com'])
      expect(refusal((env) => switchableUrl(env, 'X', 'x'), value)).toBe(
        `X must be an http(s) URL or empty, got "${value}".`,
      );
  });
});

describe('where the server listens', () => {
  it('this machine is localhost, a name under .localhost, 127.0.0.0/8 or ::1', () => {
    for (const host of ['localhost', 'LOCALHOST', 'shop.localhost', '127.0.0.1', '127.255.0.9', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      'localhost.example',
      'mylocalhost',
      '128.0.0.1',
      '127.0.0',
      '127.0.0.1.5',
      '1127.0.0.1',
      '::2',
      '0.0.0.0',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('listens on loopback for a loopback site, IPv6 for [::1], everywhere for a public one', () => {
    expect(defaultHost('http://localhost:3000')).toBe('127.0.0.1');
    expect(defaultHost('http://[::1]:3000')).toBe('::1');
    expect(defaultHost('https://shop.example')).toBe('0.0.0.0');
  });

  it('is reached at the host it names, an IPv6 one in brackets; from every address, at localhost', () => {
    expect(listeningUrl(undefined, 3000)).toBe('http://localhost:3000');
    for (const host of ['0.0.0.0', '::', '[::]']) expect(listeningUrl(host, 80), host).toBe('http://localhost:80');
    expect(listeningUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(listeningUrl('[::1]', 8080)).toBe('http://[::1]:8080');
    expect(listeningUrl('10.0.0.2', 8080)).toBe('http://10.0.0.2:8080');
  });
});

describe('the two-factor key', () => {
  it('is 32 bytes as 64 hex digits, or as base64 or base64url, with or without its padding', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i * 7));
    for (const text of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
    ])
      expect(parseTwoFactorKey(text), text).toEqual(bytes);
    for (const text of [
      bytes.toString('hex').slice(2),
      `${bytes.toString('hex')}00`,
      bytes.subarray(1).toString('base64'),
      `x${bytes.toString('base64')}`,
      `${bytes.toString('base64')}x`,
      `${bytes.toString('base64url')}==`,
    ])
      expect(parseTwoFactorKey(text), text).toBeNull();
  });

  it('is checked when set, and never echoed', () => {
    const key = 'ab'.repeat(32);
    expect(twoFactorKey({ X: ` ${key} ` }, 'X')).toBe(key);
    expect(twoFactorKey({}, 'X')).toBeUndefined();
    expect(refusal((env) => twoFactorKey(env, 'X'), 'short secret')).toBe(
      'X must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32).',
    );
  });
});
