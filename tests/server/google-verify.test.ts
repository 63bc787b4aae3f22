/**
 * The check of a Google access token, answer by answer: a scripted stand-in for Google's tokeninfo and
 * userinfo endpoints on loopback (Google itself cannot be reached from here) says exactly what Google might,
 * and each case pins what the check makes of it. google.test.ts drives the whole sign-in against a real
 * OpenID provider; this file covers the answers a real provider never gives on demand.
 */
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_MAX } from '#domain/contract';
import {
  GOOGLE_EXPIRED_TEXT,
  GOOGLE_NO_EMAIL_TEXT,
  GOOGLE_OFF_TEXT,
  GOOGLE_REFUSED_TEXT,
  GOOGLE_UNREACHABLE_TEXT,
  GOOGLE_WRONG_AUDIENCE_TEXT,
  type GoogleConfig,
  verifyGoogleToken,
} from '#server/google/verify';
import { HttpError } from '#server/http/errors';
import { createCapturedLog } from './helpers';

const CLIENT_ID = 'storefront-test';
const TOKEN = 'ya29.secret-access-token';
const NOW = new Date('2026-03-02T10:00:00.000Z');
const NOW_SECONDS = NOW.getTime() / 1000;

interface Answer {
  status?: number;
  /** A value to send as JSON, or a raw string body. */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}
const TOKENINFO = { aud: CLIENT_ID, azp: CLIENT_ID, sub: 'alice', exp: String(NOW_SECONDS + 3600) };
const USERINFO = { sub: 'alice', email: 'alice@example.test', email_verified: true, name: 'Alice', picture: 'p.png' };

let answers: { tokeninfo: Answer; userinfo: Answer };
let seen: Array<{ url: string; headers: IncomingHttpHeaders }>;

const google = createServer((req, res) => {
  seen.push({ url: req.url ?? '', headers: req.headers });
  const answer = req.url?.startsWith('/tokeninfo') ? answers.tokeninfo : answers.userinfo;
  res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
  res.end(answer.raw ?? JSON.stringify(answer.json));
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
});
afterAll(async () => {
  google.closeAllConnections();
  await new Promise((resolve) => google.close(resolve));
});
beforeEach(() => {
  answers = { tokeninfo: { json: TOKENINFO }, userinfo: { json: USERINFO } };
  seen = [];
});

function config(overrides: Partial<GoogleConfig> = {}): GoogleConfig {
  return {
    OAUTH_CLIENT_ID: CLIENT_ID,
    OAUTH_TOKENINFO_URL: `${base}/tokeninfo`,
    OAUTH_USERINFO_URL: `${base}/userinfo`,
    OAUTH_TIMEOUT_MS: 2000,
    ...overrides,
  };
}

function tokeninfo(fields: Record<string, unknown>) {
  answers.tokeninfo = { json: fields };
}
function userinfo(fields: Record<string, unknown>) {
  answers.userinfo = { json: fields };
}

/** Runs the check with a captured log: the profile, or the refusal's status and text, and the log lines. */
async function verify(overrides: Partial<GoogleConfig> = {}, now = NOW) {
  const { log, lines } = createCapturedLog();
  try {
    const profile = await verifyGoogleToken(config(overrides), TOKEN, now, log);
    return { profile, refusal: undefined, lines };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { profile: undefined, refusal: { status: error.status, text: error.en }, lines };
  }
}

const unreachable = { status: 502, text: GOOGLE_UNREACHABLE_TEXT };
const refused = { status: 401, text: GOOGLE_REFUSED_TEXT };

describe('what the check asks Google', () => {
  it('sends the token to tokeninfo as a parameter and to userinfo as a bearer, asking for JSON', async () => {
    const { profile } = await verify();
    expect(profile).toEqual({
      sub: 'alice',
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Alice',
      picture: 'p.png',
    });
    expect(seen.map(({ url }) => url)).toEqual([`/tokeninfo?access_token=${TOKEN}`, '/userinfo']);
    expect(seen.map(({ headers }) => headers.accept)).toEqual(['application/json', 'application/json']);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('is off (503) without a client id, and asks Google nothing', async () => {
    expect((await verify({ OAUTH_CLIENT_ID: '' })).refusal).toEqual({ status: 503, text: GOOGLE_OFF_TEXT });
    expect(seen).toEqual([]);
  });
});

describe('whom the token was issued to', () => {
  it('accepts our client id as the audience or as the authorised party', async () => {
    tokeninfo({ ...TOKENINFO, azp: 'another-site' });
    expect((await verify()).profile?.sub).toBe('alice');
    tokeninfo({ ...TOKENINFO, aud: 'another-site' });
    expect((await verify()).profile?.sub).toBe('alice');
  });

  it('refuses (401) a token issued to another site, before asking for the profile', async () => {
    tokeninfo({ ...TOKENINFO, aud: 'another-site', azp: 'another-site' });
    expect((await verify()).refusal).toEqual({ status: 401, text: GOOGLE_WRONG_AUDIENCE_TEXT });
    tokeninfo({ sub: 'alice', exp: TOKENINFO.exp });
    expect((await verify()).refusal).toEqual({ status: 401, text: GOOGLE_WRONG_AUDIENCE_TEXT });
    expect(seen.map(({ url }) => url.split('?')[0])).toEqual(['/tokeninfo', '/tokeninfo']);
  });
});

describe('how long the token lives', () => {
  it('refuses (401) a token whose exp is now, and takes one that lives a second longer', async () => {
    tokeninfo({ ...TOKENINFO, exp: String(NOW_SECONDS) });
    expect((await verify()).refusal).toEqual({ status: 401, text: GOOGLE_EXPIRED_TEXT });
    tokeninfo({ ...TOKENINFO, exp: String(NOW_SECONDS + 1) });
    expect((await verify()).profile?.sub).toBe('alice');
  });

  it("reads exp written as a JSON number as well as Google's string", async () => {
    tokeninfo({ ...TOKENINFO, exp: NOW_SECONDS + 60 });
    expect((await verify()).profile?.sub).toBe('alice');
    tokeninfo({ ...TOKENINFO, exp: NOW_SECONDS - 60 });
    expect((await verify()).refusal).toEqual({ status: 401, text: GOOGLE_EXPIRED_TEXT });
  });

  it('answers 502, and logs it, when tokeninfo gives no usable exp or sub', async () => {
    const broken = [
      { aud: CLIENT_ID, sub: 'alice' },
      { aud: CLIENT_ID, sub: 'alice', exp: 'soon' },
      { aud: CLIENT_ID, sub: 'alice', exp: true },
      { aud: CLIENT_ID, sub: 'alice', exp: [] },
      { aud: CLIENT_ID, exp: TOKENINFO.exp },
      { aud: CLIENT_ID, exp: TOKENINFO.exp, sub: '' },
      { aud: CLIENT_ID, exp: TOKENINFO.exp, sub: 42 },
    ];
    for (const fields of broken) {
      tokeninfo(fields);
      const { refusal, lines } = await verify();
      expect(refusal, JSON.stringify(fields)).toEqual(unreachable);
      expect(lines).toEqual([
        expect.objectContaining({
          event: 'google.failed',
          endpoint: 'tokeninfo',
          msg: 'tokeninfo answered without exp or sub',
        }),
      ]);
    }
    // The profile was never asked for.
    expect(seen.every(({ url }) => url.startsWith('/tokeninfo'))).toBe(true);
  });
});

describe('the profile', () => {
  it('refuses (401) a token userinfo does not accept, or a profile of someone else', async () => {
    answers.userinfo = { status: 401, json: { error: 'invalid_token' } };
    expect((await verify()).refusal).toEqual(refused);
    userinfo({ ...USERINFO, sub: 'bob' });
    expect((await verify()).refusal).toEqual(refused);
  });

  it('names the address in lower case without spaces, up to the longest address allowed', async () => {
    userinfo({ ...USERINFO, email: '  Alice@Example.TEST ' });
    expect((await verify()).profile?.email).toBe('alice@example.test');
    const longest = `${'a'.repeat(EMAIL_MAX - '@example.test'.length)}@example.test`;
    userinfo({ ...USERINFO, email: longest });
    expect((await verify()).profile?.email).toBe(longest);
  });

  it('refuses (401) a profile without a usable address', async () => {
    const tooLong = `${'a'.repeat(EMAIL_MAX + 1 - '@example.test'.length)}@example.test`;
    for (const email of [undefined, '', '   ', 'alice', 'alice@example', 'a b@example.test', 42, tooLong]) {
      userinfo({ ...USERINFO, email });
      expect((await verify()).refusal, String(email)).toEqual({ status: 401, text: GOOGLE_NO_EMAIL_TEXT });
    }
  });

  it("counts the address as verified only for true, in JSON or as Google's string", async () => {
    const cases: Array<[unknown, boolean]> = [
      [true, true],
      ['true', true],
      [false, false],
      ['false', false],
      ['TRUE', false],
      [1, false],
      [undefined, false],
    ];
    for (const [emailVerified, expected] of cases) {
      userinfo({ ...USERINFO, email_verified: emailVerified });
      expect((await verify()).profile?.emailVerified, String(emailVerified)).toBe(expected);
    }
  });

  it('keeps a name without its surrounding spaces and a picture as given; blank or missing ones are null', async () => {
    userinfo({ ...USERINFO, name: '  Ada Lovelace ', picture: 'https://example.test/ada.png' });
    expect((await verify()).profile).toMatchObject({ name: 'Ada Lovelace', picture: 'https://example.test/ada.png' });
    for (const [name, picture] of [
      [undefined, undefined],
      ['', ''],
      ['   ', 7],
    ]) {
      userinfo({ ...USERINFO, name, picture });
      expect((await verify()).profile, `${String(name)} ${String(picture)}`).toMatchObject({
        name: null,
        picture: null,
      });
    }
  });
});

describe('when Google answers badly', () => {
  const tokeninfoEndpoint = () => `${base}/tokeninfo`;

  it('refuses (401) on a 4xx answer, up to 499, and logs nothing', async () => {
    for (const status of [400, 401, 404, 499]) {
      answers.tokeninfo = { status, json: { error: 'invalid_token' } };
      const { refusal, lines } = await verify();
      expect(refusal, String(status)).toEqual(refused);
      expect(lines).toEqual([]);
    }
  });

  it('answers 502 on a 5xx answer, logging the endpoint (never the token) and the status once', async () => {
    for (const status of [500, 503]) {
      answers.tokeninfo = { status, json: { error: 'backendError' } };
      const { refusal, lines } = await verify();
      expect(refusal, String(status)).toEqual(unreachable);
      expect(lines).toEqual([
        expect.objectContaining({
          event: 'google.failed',
          endpoint: tokeninfoEndpoint(),
          status,
          msg: `${tokeninfoEndpoint()} answered ${status}`,
        }),
      ]);
      expect(JSON.stringify(lines)).not.toContain(TOKEN);
    }
  });

  it('answers 502 on a redirect, which it does not follow', async () => {
    answers.tokeninfo = { status: 302, headers: { Location: `${base}/tokeninfo-elsewhere` }, raw: '' };
    const { refusal, lines } = await verify();
    expect(refusal).toEqual(unreachable);
    expect(seen).toHaveLength(1);
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'google.failed',
        endpoint: tokeninfoEndpoint(),
        reason: expect.any(String),
        msg: expect.stringMatching(new RegExp(`^${tokeninfoEndpoint()} failed: .+`)),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });

  it('answers 502 on a body that is not JSON, naming why in the log', async () => {
    answers.tokeninfo = { raw: '<html>Service Unavailable</html>' };
    const { refusal, lines } = await verify();
    expect(refusal).toEqual(unreachable);
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'google.failed',
        endpoint: tokeninfoEndpoint(),
        reason: expect.stringContaining('JSON'),
        msg: expect.stringMatching(new RegExp(`^${tokeninfoEndpoint()} failed: .*JSON`)),
      }),
    ]);
  });

  it('answers 502 on JSON that is not an object: null, an array, a string, a number', async () => {
    for (const raw of ['null', '[]', '["aud"]', '"ok"', '42']) {
      answers.tokeninfo = { raw };
      const { refusal, lines } = await verify();
      expect(refusal, raw).toEqual(unreachable);
      expect(lines).toEqual([
        expect.objectContaining({
          event: 'google.failed',
          endpoint: tokeninfoEndpoint(),
          msg: `${tokeninfoEndpoint()} answered something that is not a JSON object`,
        }),
      ]);
    }
  });

  it('answers 502 when Google is not there at all', async () => {
    const { refusal, lines } = await verify({ OAUTH_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo' });
    expect(refusal).toEqual(unreachable);
    expect(lines).toEqual([
      expect.objectContaining({ event: 'google.failed', endpoint: 'http://127.0.0.1:9/tokeninfo' }),
    ]);
  });
});
