/**
 * Property-based fuzzing of the whole HTTP surface (fast-check). Every route the app registers gets
 * generated requests, signed in and not: bodies of the contract's shapes with fields mutated, arbitrary
 * JSON, deep nesting, huge strings, bytes that are not UTF-8, forms and multipart bodies with odd parts,
 * wrong or missing content types, odd queries, path parameters and headers (Authorization, Content-Type,
 * Idempotency-Key, X-Forwarded-For, ...). Whatever comes in:
 *  - no answer is a 5xx (a 503 with Retry-After, from an overload guard, is the one allowed);
 *  - every non-2xx answer under /api is JSON with a string `message.en`;
 *  - nothing is logged at error level (an unexpected exception always is);
 *  - the server keeps answering (a health check after each batch of requests);
 *  - a bystander's session and invoices, which no generated request may use, are untouched at the end.
 * On a failure fast-check prints the seed, the path and the shrunk batch of requests that broke a rule.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import Stripe from 'stripe';
import { is } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalOidcProvider, startLocalOidcProvider } from '../../server/dev/oidc';
import { insertInvoice } from '../../server/invoices/repository';
import { markInvoicePaid } from '../../server/payments/markPaid';
import { grantRole } from '../../server/users/roles';
import { ErrorBody, InvoiceCreateResponse, InvoicesResponse, SERVICE_TYPES, User } from '../../domain/contract';
import { OfficeOrderResponse, OfficeOrdersResponse, StaffResponse } from '../../domain/officeContract';
import { services as catalogue } from '../../domain/catalogue/services';
import {
  type LogLine,
  type TestApp,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  fromAddress,
  myInvoices,
  paymentLink,
  register,
  uniqueEmail,
} from './helpers';
import { obtainToken } from './oidc-helpers';

// ---- the servers under test ----

const CLIENT_ID = 'storefront-fuzz';
const CALLBACK = 'http://localhost:5173/oauth-callback.html';
const provider: LocalOidcProvider = await startLocalOidcProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK] });

// Google sign-in on (against the local provider, so a token is really checked), the sandbox checkout,
// and X-Forwarded-For trusted, so that its parsing is fuzzed too.
const server = await createTestServer({
  OAUTH_CLIENT_ID: CLIENT_ID,
  OAUTH_AUTHORIZATION_URL: provider.authorizationUrl,
  OAUTH_TOKENINFO_URL: provider.tokeninfoUrl,
  OAUTH_USERINFO_URL: provider.userinfoUrl,
  OAUTH_TIMEOUT_MS: 5000,
  TRUST_PROXY: true,
});
// The provider's tokens live in real time: the app's clock must agree.
server.clock.advance(Date.now() - server.clock.now().getTime());
const { app, logLines } = server;

// A second app in Stripe mode, for its webhook (the sandbox pages do not exist there).
const WEBHOOK_SECRET = 'whsec_fuzz';
const stripeServer = await createTestServer({
  STRIPE_SECRET_KEY: 'sk_test_fuzz',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});
const signer = new Stripe('sk_test_fuzz');
// Unpaid Stripe invoices for the events to name (made directly: the fake Stripe API is unreachable).
const stripeCustomer = await register(stripeServer.app);
const stripeInvoiceIds: string[] = [];
for (const service of catalogue.slice(0, 3)) {
  const invoice = await insertInvoice(stripeServer.db, {
    userId: stripeCustomer.user.id,
    amountPence: service.price * 100,
    title: service.title,
    type: 'Video Meeting',
    url: '',
    provider: 'stripe',
    now: stripeServer.clock.now(),
  });
  stripeInvoiceIds.push(invoice.id);
}

afterAll(async () => {
  await provider.stop();
  await cleanup();
});

// ---- what the generated requests may refer to (filled as the fuzzing goes) ----

/** An account whose session and invoices no generated request may touch: neither its token nor its password is ever sent. */
const bystander = await register(app, {
  name: 'Bystander',
  email: uniqueEmail('bystander'),
  password: 'bystander only secret 1',
});
await paymentLink(app, bystander.token);
const bystanderInvoices = await myInvoices(app, bystander.token);

const FUZZER_PASSWORD = 'fuzzer password 1';

interface Fuzzer {
  token: string;
  id: string;
  email: string;
}

/**
 * The fuzzer is an admin, so that the office routes are fuzzed past their role check too (the other sessions
 * the fuzzing makes are customers, which the role check must refuse).
 */
async function newFuzzer(): Promise<Fuzzer> {
  const account = await register(app, { name: 'Fuzzer', email: uniqueEmail('fuzzer'), password: FUZZER_PASSWORD });
  await grantRole(server.db, { id: account.user.id }, 'admin', new Date());
  remember(world.emails, account.user.email);
  remember(world.userIds, account.user.id);
  return { token: account.token, id: account.user.id, email: account.user.email };
}

const world = {
  emails: [bystander.user.email, 'nobody@example.com'],
  passwords: [FUZZER_PASSWORD, 'correct horse battery', 'wrong password'],
  userIds: [bystander.user.id, randomUUID()],
  /** Other sessions the fuzzing itself created (registrations, Google sign-ins): fair game. */
  tokens: [] as string[],
  /** Sandbox checkout links: invoice id and signature (the bystander's invoice with a made-up one). */
  links: [{ id: bystanderInvoices[0]!._id, sig: 'bm90IGEgc2lnbmF0dXJl' }],
  googleTokens: [] as string[],
  /** Orders for the office routes: the bystander's (unpaid: every change must be refused) and paid ones of the fuzzer's. */
  orderIds: [bystanderInvoices[0]!._id, randomUUID()],
};
let fuzzer = await newFuzzer();
world.links.push(linkParts(await paymentLink(app, fuzzer.token)));
// Paid orders of every delivery type, for the office's schedule, report and deliver to act on.
for (const type of [...SERVICE_TYPES, ...SERVICE_TYPES]) {
  const service = catalogue[0]!;
  const order = { amount: service.price, title: service.title, type, url: '' };
  const { id } = linkParts(await paymentLink(app, fuzzer.token, order));
  await markInvoicePaid(server.db, id, { provider: 'sandbox', reference: null, at: server.clock.now() });
  remember(world.orderIds, id);
}
for (const login of [`fuzz-${randomUUID().slice(0, 8)}`, `unverified-fuzz-${randomUUID().slice(0, 8)}`]) {
  const { accessToken } = await obtainToken(provider, { clientId: CLIENT_ID, redirectUri: CALLBACK, login });
  world.googleTokens.push(accessToken);
}

function linkParts(link: string): { id: string; sig: string } {
  const url = new URL(link);
  return { id: decodeURIComponent(url.pathname.split('/').pop()!), sig: url.searchParams.get('sig') ?? '' };
}

function remember<T>(pool: T[], value: T, max = 30): void {
  if (!pool.includes(value)) pool.push(value);
  if (pool.length > max) pool.splice(2, 1); // keep the first entries (the bystander's)
}

/** A value from a pool as it is when the request is generated. */
function fromPool<T>(pool: () => T[], fallback: T): fc.Arbitrary<T> {
  return fc.nat().map((n) => {
    const values = pool();
    return values.length === 0 ? fallback : values[n % values.length]!;
  });
}

// ---- building blocks ----

const SPECIAL_TEXTS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFFx',
  '\uFEFF',
  '\u202E',
  '𝕏💥',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  '%',
  '%zz',
  '%00',
  '../../../etc/passwd',
  '..%2f..%2fsecret',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'a@b.c',
  ' a@example.com ',
  '\r\n\r\n',
  'javascript:alert(1)',
  'http://127.0.0.1:9/',
];

/** A huge string (the body limit is 1 MB, so some of these make a body too large on their own). */
const hugeText = fc
  .tuple(fc.constantFrom(1_000, 70_000, 400_000), fc.string({ minLength: 1, maxLength: 3, unit: 'binary' }))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary-ascii' }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXTS) },
  { weight: 1, arbitrary: hugeText },
);

const keyText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON', 'then', 'length', ''),
);

/** Marks where `render` puts deeply nested JSON text (too deep to build as a value and stringify). */
const DEEP = '\u0000deep\u0000';
const deepText = fc
  .tuple(
    fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1000, max: 6000 })),
    fc.constantFrom('[', '{"a":', '[{"a":'),
  )
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
    return `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`;
  });

/** Any field value that is not what the contract asks for. */
const mutant: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(keyText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant(DEEP) },
);

type Fields = Record<string, fc.Arbitrary<unknown>>;

type Entries = Array<[string, unknown]>;

/**
 * The fields of a body: all valid (as `whole` makes them, or each from `fields`), or one of them mutated or
 * missing, or each mutated or missing at random; sometimes with extra fields of any name.
 */
function fieldEntries(fields: Fields, whole?: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Entries> {
  const names = Object.keys(fields);
  if (names.length === 0) return fc.array(fc.tuple(keyText, mutant), { maxLength: 3 });
  const valid = whole ?? fc.record(fields);
  const oneChanged = fc
    .tuple(
      valid,
      fc.constantFrom(...names),
      fc.option(
        mutant.map((value) => ({ value })),
        { nil: undefined },
      ),
    )
    .map(([object, name, change]): Entries =>
      Object.entries(object).flatMap(([key, value]): Entries => {
        if (key !== name) return [[key, value]];
        return change ? [[key, change.value]] : [];
      }),
    );
  const eachAtRandom = fc
    .tuple(
      ...Object.entries(fields).map(([name, arbitrary]) =>
        fc.oneof(
          { weight: 4, arbitrary: arbitrary.map((value): Entries => [[name, value]]) },
          { weight: 2, arbitrary: mutant.map((value): Entries => [[name, value]]) },
          { weight: 1, arbitrary: fc.constant<Entries>([]) },
        ),
      ),
    )
    .map((parts) => parts.flat());
  const chosen = fc.oneof(
    { weight: 3, arbitrary: valid.map((object): Entries => Object.entries(object)) },
    { weight: 3, arbitrary: oneChanged },
    { weight: 2, arbitrary: eachAtRandom },
  );
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Entries>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(keyText, mutant), { minLength: 1, maxLength: 3 }) },
  );
  return fc.tuple(chosen, extra).map(([entries, more]) => [...entries, ...more]);
}

// ---- bodies ----

type Bytes = Uint8Array<ArrayBuffer>;

interface MultipartPart {
  headers: string[];
  content: string | Bytes;
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; entries: Array<[string, unknown]>; deep: string }
  | { kind: 'urlencoded'; entries: Array<[string, string]>; garbage: string }
  | {
      kind: 'multipart';
      boundary: string;
      declared: string;
      /** A number: that many tiny fields (written out only when the body is rendered). */
      parts: MultipartPart[] | number;
      closed: boolean;
      newline: string;
    }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Bytes };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pdfLike = (rest: Uint8Array) =>
  new Uint8Array([...Buffer.from('%PDF-1.4\n', 'latin1'), ...rest, ...Buffer.from('\n%%EOF\n', 'latin1')]);
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map(pdfLike),
  fc.uint8Array({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((rest) => new Uint8Array([...PNG_SIGNATURE, ...rest])),
  fc.uint8Array({ maxLength: 50 }).map((rest) => new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, ...rest])),
  fc.constantFrom(2 * 1024 * 1024 + 1, 500_000).map((size) => new Uint8Array(size).fill(0x41)),
);

const headerSafe = (value: string) => value.replace(/[\r\n\0]/g, ' ');

function multipartPart(name: fc.Arbitrary<string>, content: fc.Arbitrary<string | Bytes>) {
  return fc
    .record({
      name,
      content,
      filename: fc.option(fc.oneof(fc.constantFrom('me.png', '../../x.png', 'a"b.gif', ''), text), { nil: undefined }),
      type: fc.option(fc.constantFrom('image/png', 'text/plain', 'application/json', 'x/y; charset=zz', ''), {
        nil: undefined,
      }),
      odd: fc.constantFrom('none', 'none', 'none', 'no-disposition', 'unquoted', 'garbage-header', 'star-name'),
    })
    .map(({ name, content, filename, type, odd }): MultipartPart => {
      const quoted = headerSafe(name).replace(/"/g, '%22');
      let disposition = `Content-Disposition: form-data; name="${quoted}"`;
      if (filename !== undefined) disposition += `; filename="${headerSafe(filename)}"`;
      if (odd === 'unquoted') disposition = `Content-Disposition: form-data; name=${quoted}`;
      if (odd === 'star-name')
        disposition = `Content-Disposition: form-data; name*=utf-8''${encodeURIComponent(quoted)}`;
      const headers = odd === 'no-disposition' ? [] : [disposition];
      if (type !== undefined) headers.push(`Content-Type: ${type}`);
      if (odd === 'garbage-header') headers.push('X-\u00ff: \u00fe', 'no colon here');
      return { headers, content };
    });
}

function bodies(route: Route): fc.Arbitrary<Body> {
  const shaped = route.fields ?? {};
  const forms = route.forms ?? false;
  const names = Object.keys(shaped);
  const fieldName = names.length > 0 ? fc.oneof(fc.constantFrom(...names), keyText) : keyText;
  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const json = fc.record({
    kind: fc.constant('json' as const),
    entries: fieldEntries(shaped, route.whole),
    deep: deepText,
  });
  const urlencoded = fieldEntries(shaped, route.whole).chain((entries) =>
    fc.record({
      kind: fc.constant('urlencoded' as const),
      entries: fc.constant(entries.map(([key, value]): [string, string] => [key, asText(value)])),
      garbage: fc.constantFrom('', '&', '&%zz=%', '&a[]=1&a[]=2', '&__proto__[x]=1', '&=&==', '&name=%E0%A4%A'),
    }),
  );
  const multipart = fc.record({
    kind: fc.constant('multipart' as const),
    boundary: fc.constantFrom('fuzzboundary', '----x', 'a', '"quoted"', 'b'.repeat(70)),
    declared: fc.constantFrom('same', 'same', 'same', 'other', 'missing', 'empty'),
    parts: fc.oneof<[fc.Arbitrary<MultipartPart[]>, fc.Arbitrary<MultipartPart[]>, fc.Arbitrary<number>]>(
      fieldEntries(shaped, route.whole).chain((entries) =>
        fc
          .tuple(
            fc.tuple(...entries.map(([name, value]) => multipartPart(fc.constant(name), fc.constant(asText(value))))),
            fc.option(multipartPart(fc.constantFrom(...(route.files ?? ['avatar', 'avatar[]'])), fileBytes), {
              nil: undefined,
            }),
          )
          .map(([fieldParts, file]) => (file ? [...fieldParts, file] : fieldParts)),
      ),
      fc.array(multipartPart(fieldName, fc.oneof(text, fileBytes)), { maxLength: 6 }),
      fc.constantFrom(500, 3000),
    ),
    closed: fc.boolean(),
    newline: fc.constantFrom('\r\n', '\r\n', '\n'),
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: names.length > 0 ? 8 : 1, arbitrary: json },
    { weight: forms ? 4 : 1, arbitrary: urlencoded },
    { weight: forms ? 4 : 1, arbitrary: multipart },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          deepText,
          text,
          fc.constantFrom(
            '{',
            '[1,',
            '{"a":1}}',
            '\u00ef\u00bb\u00bf{}',
            '{"email":"a@b.co"',
            'x'.repeat(1024 * 1024 + 10),
          ),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
    },
  );
}

function stringifyEntries(entries: Array<[string, unknown]>, deep: string): string {
  // By hand, so that keys such as "__proto__" and repeated keys reach the server as written.
  const fields = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`);
  return `{${fields.join(',')}}`.replaceAll(JSON.stringify(DEEP), deep);
}

const encoder = new TextEncoder();
/** encodeURIComponent, but a lone surrogate is sent as its broken UTF-8 escape instead of throwing. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          return '%ED%A0%80'; // the bytes a lone surrogate would have in (invalid) UTF-8
        }
      })
      .join('');
  }
}

function concatBytes(chunks: Array<string | Bytes>): Bytes {
  const parts = chunks.map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The body as bytes or text, and the Content-Type that goes with it. */
function render(body: Body): { contentType: string | undefined; payload: string | Bytes | undefined } {
  switch (body.kind) {
    case 'none':
      return { contentType: undefined, payload: undefined };
    case 'json':
      return { contentType: 'application/json', payload: stringifyEntries(body.entries, body.deep) };
    case 'urlencoded': {
      const pairs = body.entries.map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(value)}`);
      return { contentType: 'application/x-www-form-urlencoded', payload: pairs.join('&') + body.garbage };
    }
    case 'multipart': {
      const { boundary, newline: nl } = body;
      const bare = boundary.replace(/"/g, '');
      const chunks: Array<string | Bytes> = [];
      const parts =
        typeof body.parts === 'number'
          ? Array.from({ length: body.parts }, (_, i) => ({
              headers: [`Content-Disposition: form-data; name="f${i}"`],
              content: 'x',
            }))
          : body.parts;
      for (const part of parts) {
        chunks.push(`--${bare}${nl}${part.headers.map((line) => line + nl).join('')}${nl}`, part.content, nl);
      }
      if (body.closed) chunks.push(`--${bare}--${nl}`);
      const declared =
        body.declared === 'same'
          ? `; boundary=${boundary}`
          : body.declared === 'other'
            ? '; boundary=not-the-one'
            : body.declared === 'empty'
              ? '; boundary='
              : '';
      return { contentType: `multipart/form-data${declared}`, payload: concatBytes(chunks) };
    }
    case 'text':
      return { contentType: 'application/json', payload: body.text };
    case 'bytes':
      return { contentType: 'application/octet-stream', payload: body.bytes };
  }
}

// ---- headers, queries, callers ----

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'APPLICATION/JSON ; charset="x"',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzzboundary',
  'text/plain',
  'text/html',
  'application/octet-stream',
  '',
  ';',
  '*/*',
  'application/json, text/plain',
  'x'.repeat(5000),
];

const latin1 = fc.string({
  maxLength: 60,
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
});

/** How a request says who it is: the fuzzer's own session, another fuzz session, none, or something broken. */
type Caller =
  | { kind: 'fuzzer' }
  | { kind: 'other'; index: number }
  | { kind: 'none' }
  | { kind: 'header'; value: string }
  | { kind: 'mangled'; before: string; after: string };

const callers: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'fuzzer' as const }) },
  { weight: 1, arbitrary: fc.nat().map((index) => ({ kind: 'other' as const, index })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        latin1,
        latin1.map((value) => `Bearer ${value}`),
        fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(10_000)}`, 'Bearer null'),
      )
      .map((value) => ({ kind: 'header' as const, value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        before: fc.constantFrom('bearer ', 'BEARER   ', 'Bearer\t', 'Token ', 'Bearer x'),
        after: fc.constantFrom('', ' ', 'x', ' extra', '\u00ff'),
      })
      .map((parts) => ({ kind: 'mangled' as const, ...parts })),
  },
);

const HEADER_NAMES = [
  'Idempotency-Key',
  'X-Forwarded-For',
  'Accept',
  'Accept-Encoding',
  'Accept-Language',
  'If-None-Match',
  'Range',
  'Origin',
  'Referer',
  'Cookie',
  'Content-Encoding',
  'Stripe-Signature',
  'X-Requested-With',
];

const extraHeaders = fc.array(
  fc.tuple(
    fc.constantFrom(...HEADER_NAMES),
    fc.oneof(
      latin1,
      // Repeated values too: the same Idempotency-Key on two orders, for one.
      fc.constantFrom(
        'gzip, br',
        '*',
        'bytes=0-',
        'W/"x", *',
        '1.2.3.4, ::1, ,',
        'order-1',
        'order-2',
        'a'.repeat(8000),
      ),
    ),
  ),
  { maxLength: 4 },
);

const addresses = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('', 'unknown', '::ffff:127.0.0.1', 'not an address'),
  fc.constant(undefined),
);

const queryPairs = (known: Fields) =>
  fc.array(
    fc.tuple(
      Object.keys(known).length > 0 ? fc.oneof(fc.constantFrom(...Object.keys(known)), keyText) : keyText,
      fc.oneof(...(Object.values(known).length > 0 ? Object.values(known) : [text]), text),
    ),
    { maxLength: 4 },
  );

// ---- the routes ----

const visitDate = fc.constantFrom('2026-01-05', '2026-13-45', '0000-00-00');
const visitTime = fc.constantFrom('09:00:00', '25:61:61');
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const F = {
  name: fc.oneof(fc.constantFrom('Ada Lovelace', ' Grace '), fc.string({ minLength: 1, maxLength: 100 })),
  email: fc.oneof(
    fc.constant(null).map(() => fuzzer.email),
    fromPool(() => world.emails, 'a@example.com'),
    fc.emailAddress(),
    fc.nat().map((n) => `fuzz.${n}@example.com`),
  ),
  password: fc.oneof(
    fromPool(() => world.passwords, FUZZER_PASSWORD),
    fc.string({ minLength: 8, maxLength: 128 }),
  ),
  code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('000000', '123456')),
  ticket: fc.oneof(fc.stringMatching(/^[\w-]{43}$/), fc.constantFrom('A'.repeat(43))),
  googleToken: fc.oneof(
    fromPool(() => world.googleTokens, 'x'),
    fc.string({ minLength: 1, maxLength: 100 }),
  ),
  userId: fc.oneof(
    fromPool(() => world.userIds, 'x'),
    fc.uuid(),
  ),
};

const orderId = fc.oneof(
  { weight: 4, arbitrary: fromPool(() => world.orderIds, 'x') },
  { weight: 1, arbitrary: fc.uuid() },
);
/** Any account's e-mail but the bystander's, whom no request may make office staff. */
const staffEmail = fc.oneof(
  fc.constant(null).map(() => fuzzer.email),
  fromPool(() => world.emails.filter((email) => email !== bystander.user.email), 'a@example.com'),
  fc.emailAddress(),
);
/** Around the app's clock: in the past, within the promise, later, and past the booking horizon. */
const callTime = fc
  .tuple(fc.integer({ min: -2 * 24 * 60, max: 400 * 24 * 60 }), fc.constantFrom('iso', 'offset', 'no zone', 'date'))
  .map(([minutes, form]) => {
    const at = new Date(server.clock.now().getTime() + minutes * 60_000).toISOString();
    if (form === 'offset') return at.replace('Z', '+01:00');
    if (form === 'no zone') return at.slice(0, 19);
    if (form === 'date') return at.slice(0, 10);
    return at;
  });

const linkField = (part: 'id' | 'sig') =>
  fc.oneof(
    { weight: 3, arbitrary: fromPool(() => world.links.map((link) => link[part]), 'x') },
    { weight: 1, arbitrary: text },
  );

interface Route {
  method: string;
  path: string;
  /** Valid-looking values of the body's fields (the contract's shape). */
  fields?: Fields;
  /** Valid bodies whose fields depend on each other (default: each field from `fields`). */
  whole?: fc.Arbitrary<Record<string, unknown>>;
  /** Also takes multipart and urlencoded forms. */
  forms?: boolean;
  /** The names a multipart body's file part may have (default the profile's avatar). */
  files?: string[];
  params?: Fields;
  query?: Fields;
}

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/client-config' },
  // Prometheus's scrape (server/routes/metrics.ts): a 404 here, where METRICS_TOKEN is unset.
  { method: 'GET', path: '/metrics' },
  {
    method: 'POST',
    path: '/api/auth/register/email',
    forms: true,
    fields: { name: F.name, email: F.email, password: F.password },
  },
  { method: 'POST', path: '/api/auth/login/email', fields: { email: F.email, password: F.password } },
  { method: 'POST', path: '/api/auth/login/second-step', fields: { ticket: F.ticket, code: F.code } },
  {
    method: 'POST',
    path: '/api/forms/contact',
    fields: { name: F.name, email: F.email, message: F.name, website: fc.constantFrom('', 'http://spam.example') },
  },
  {
    method: 'POST',
    path: '/api/forms/youth-application',
    fields: {
      fullName: F.name,
      emailAddress: F.email,
      phoneNumber: fc.constantFrom('07123456789', 'x'),
      age: fc.integer({ min: -5, max: 99 }),
      joinCause: F.name,
    },
  },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/register/google', fields: { googleToken: F.googleToken } },
  { method: 'POST', path: '/api/auth/login/google', fields: { googleToken: F.googleToken } },
  { method: 'GET', path: '/api/users/authenticate' },
  {
    method: 'GET',
    path: '/api/avatars/:id',
    params: { id: F.userId },
    query: { v: fc.oneof(fc.stringMatching(/^[0-9a-f]{16}$/), text) },
  },
  {
    method: 'PATCH',
    path: '/api/users/profile/update',
    forms: true,
    fields: { name: F.name, email: F.email, currentPassword: F.password, code: F.code },
  },
  {
    method: 'PATCH',
    path: '/api/users/password/change',
    fields: { oldPassword: F.password, newPassword: F.password, confirmPassword: F.password },
  },
  {
    method: 'GET',
    path: '/api/users/password/forgot',
    query: { email: F.email, lang: fc.constantFrom('en', 'xx'), sendTo: fc.webUrl() },
  },
  {
    method: 'POST',
    path: '/api/users/password/forgot',
    fields: {
      email: F.email,
      code: F.code,
      newPassword: F.password,
      ticket: F.ticket,
      removeOtherSignIns: fc.boolean(),
    },
  },
  { method: 'GET', path: '/api/users/verify/email-change' },
  { method: 'POST', path: '/api/users/verify/email-change', fields: { email: F.email, code: F.code } },
  { method: 'GET', path: '/api/users/verify/email-change/resend' },
  { method: 'GET', path: '/api/users/verify/email' },
  { method: 'POST', path: '/api/users/verify/email', fields: { code: F.code } },
  { method: 'GET', path: '/api/users/notifications' },
  { method: 'GET', path: '/api/users/notifications/see' },
  { method: 'GET', path: '/api/users/account/deletion/request' },
  { method: 'POST', path: '/api/users/account/deletion/request', fields: { currentPassword: F.password } },
  { method: 'POST', path: '/api/users/account/deletion/cancel' },
  {
    method: 'POST',
    path: '/api/users/record-visit',
    fields: {
      user: nullable(F.userId),
      visitor: fc.string({ minLength: 8, maxLength: 64 }),
      country_code: nullable(fc.constantFrom('GB', 'DE')),
      country_name: nullable(fc.string({ maxLength: 100 })),
      city: nullable(fc.string({ maxLength: 100 })),
      postal: nullable(fc.string({ maxLength: 20 })),
      latitude: nullable(fc.double({ min: -90, max: 90, noNaN: true })),
      longitude: nullable(fc.double({ min: -180, max: 180, noNaN: true })),
      IPv4: nullable(fc.ipV4()),
      state: nullable(fc.string({ maxLength: 100 })),
      visitDate,
      visitTime,
    },
  },
  {
    method: 'POST',
    path: '/api/invoices/create',
    fields: {
      amount: fc.oneof(fc.constantFrom(...catalogue.map((service) => service.price)), fc.double()),
      title: fc.oneof(fc.constantFrom(...catalogue.map((service) => service.title)), text),
      type: fc.constantFrom(...SERVICE_TYPES),
      url: fc.oneof(fc.webUrl(), fc.string({ maxLength: 600 })),
    },
    // A service with its own price.
    whole: fc.constantFrom(...catalogue).chain((service) =>
      fc.record({
        amount: fc.constant(service.price),
        title: fc.constant(service.title),
        type: fc.constantFrom(...SERVICE_TYPES),
        url: fc.oneof(fc.webUrl(), fc.constant('')),
      }),
    ),
  },
  { method: 'GET', path: '/api/invoices/my' },
  { method: 'GET', path: '/api/orders/:id/report', params: { id: orderId } },
  { method: 'GET', path: '/api/orders/:id/calendar.ics', params: { id: orderId } },
  {
    method: 'GET',
    path: '/api/office/orders',
    query: { view: fc.constantFrom('queue', 'unpaid', 'delivered', 'all', '') },
  },
  { method: 'GET', path: '/api/office/orders/:id', params: { id: orderId } },
  {
    method: 'POST',
    path: '/api/office/orders/:id/schedule',
    params: { id: orderId },
    fields: {
      at: callTime,
      join: fc.oneof(fc.constantFrom('https://meet.example.com/x', '+44 20 7946 0000'), fc.string({ maxLength: 600 })),
      reason: nullable(fc.string({ maxLength: 600 })),
    },
  },
  { method: 'POST', path: '/api/office/orders/:id/report', params: { id: orderId }, forms: true, files: ['report'] },
  { method: 'POST', path: '/api/office/orders/:id/deliver', params: { id: orderId } },
  { method: 'GET', path: '/api/office/staff' },
  {
    method: 'POST',
    path: '/api/office/staff',
    fields: { email: staffEmail, role: fc.constantFrom('office', 'admin', 'common') },
  },
  { method: 'DELETE', path: '/api/office/staff/:id', params: { id: F.userId } },
  { method: 'GET', path: '/pay/sandbox/:id', params: { id: linkField('id') }, query: { sig: linkField('sig') } },
  {
    method: 'POST',
    path: '/pay/sandbox/:id/pay',
    forms: true,
    params: { id: linkField('id') },
    fields: { sig: linkField('sig') },
  },
  {
    method: 'POST',
    path: '/pay/sandbox/:id/cancel',
    forms: true,
    params: { id: linkField('id') },
    fields: { sig: linkField('sig') },
  },
];

// ---- requests ----

interface FuzzRequest {
  method: string;
  path: string;
  query: Array<[string, unknown]>;
  caller: Caller;
  body: Body;
  contentType: string | null | undefined;
  headers: Array<[string, string]>;
  address: string | undefined;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A path parameter: usually a fitting value, sometimes anything at all (encoded, so the URL stays valid). */
function param(valid: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<string> {
  const fitting = (valid ?? text).map((value) => (typeof value === 'string' ? value : String(value)));
  return fc
    .oneof(
      { weight: 4, arbitrary: fitting },
      { weight: 1, arbitrary: text },
      { weight: 1, arbitrary: fc.constantFrom('%', '..', '%2e%2e', '%00') },
    )
    .map((value) => (/^%|^\.\.$/.test(value) ? value : encodeLoosely(value)));
}

function requests(route: Route): fc.Arbitrary<FuzzRequest> {
  const names = route.path.split('/').filter((segment) => segment.startsWith(':'));
  const params = fc.tuple(...names.map((name) => param(route.params?.[name.slice(1)])));
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    path: params.map((values) => names.reduce((path, name, i) => path.replace(name, values[i]!), route.path)),
    query: queryPairs(route.query ?? {}),
    caller: callers,
    body: bodies(route),
    // undefined: the body's own type; null: none at all.
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    headers: extraHeaders,
    address: addresses,
  });
}

/** Paths no route claims, under /api and elsewhere. */
const strayRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    requests({ method: 'GET', path: '/api/:x' }),
    fc.constantFrom('/api/', '/api/users/', '/api/auth/', '/pay/sandbox/', '/', '/assets/'),
    fc.array(param(undefined), { minLength: 1, maxLength: 3 }),
    fc.constantFrom(...METHODS),
  )
  .map(([request, prefix, segments, method]) => ({ ...request, method, path: prefix + segments.join('/') }));

function tokenOf(caller: Caller): string | undefined {
  if (caller.kind === 'fuzzer') return fuzzer.token;
  if (caller.kind === 'other')
    return world.tokens.length > 0 ? world.tokens[caller.index % world.tokens.length] : undefined;
  return undefined;
}

function authorization(caller: Caller): string | undefined {
  const token = tokenOf(caller);
  if (token) return `Bearer ${token}`;
  if (caller.kind === 'header') return caller.value;
  if (caller.kind === 'mangled') return `${caller.before}${fuzzer.token}${caller.after}`;
  return undefined;
}

function toRequestInit(request: FuzzRequest): { url: string; init: RequestInit } {
  const query = request.query
    .map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(typeof value === 'string' ? value : String(value))}`)
    .join('&');
  const url = `http://localhost${request.path}${query ? `?${query}` : ''}`;
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  const auth = authorization(request.caller);
  if (auth !== undefined) headers.set('Authorization', auth);
  const { contentType, payload } = render(request.body);
  const type = request.contentType === undefined ? contentType : request.contentType;
  if (type) headers.set('Content-Type', type);
  const bodyAllowed = request.method !== 'GET' && request.method !== 'HEAD';
  return {
    url,
    init: { method: request.method, headers, ...(bodyAllowed && payload !== undefined ? { body: payload } : {}) },
  };
}

// ---- sending and judging ----

const decoder = new TextDecoder();

function decoded(res: Response, bytes: Uint8Array): string {
  const encoding = res.headers.get('Content-Encoding');
  const raw = Buffer.from(bytes);
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  return decoder.decode(bytes);
}

function describeRequest(request: FuzzRequest, url: string, init: RequestInit): string {
  const body = init.body;
  const preview =
    typeof body === 'string' ? body.slice(0, 300) : body instanceof Uint8Array ? `${body.length} bytes` : 'no body';
  const headers = [...new Headers(init.headers).entries()].map(([name, value]) => `${name}: ${value.slice(0, 100)}`);
  return `${request.method} ${url.slice(0, 300)}\n${headers.join('\n')}\n\n${preview}`;
}

/** Sends one request and applies the rules; learns tokens, ids and links from successful answers. */
async function sendAndJudge(target: TestApp, request: FuzzRequest): Promise<void> {
  const { url, init } = toRequestInit(request);
  const env = request.address === undefined ? undefined : fromAddress(request.address);
  const res = await target.request(url, init, env);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = () => decoded(res, bytes);
  const failure = (rule: string) =>
    new Error(`${rule}: ${res.status} ${text().slice(0, 300)}\nfor\n${describeRequest(request, url, init)}`);

  const overloaded = res.status === 503 && res.headers.has('Retry-After');
  if (res.status >= 500 && !overloaded) throw failure('a 5xx answer');
  const pathname = new URL(url).pathname;
  const success = res.status >= 200 && res.status < 300;
  if (pathname.startsWith('/api/') && !success && res.status !== 304 && request.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(text());
    } catch {
      throw failure('an /api error that is not JSON');
    }
    if (!is(body, ErrorBody)) throw failure('an /api error without message.en');
  }
  const json = (res.headers.get('Content-Type') ?? '').startsWith('application/json');
  if (success && json && request.method !== 'HEAD') learn(request, JSON.parse(text()));
}

function learn(request: FuzzRequest, body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { user, token } = body as { user?: unknown; token?: unknown };
  if (is(user, User)) {
    remember(world.userIds, user.id);
    remember(world.emails, user.email);
    if (typeof token === 'string' && token !== fuzzer.token && tokenOf(request.caller) !== token)
      remember(world.tokens, token);
  }
  if (is(body, InvoiceCreateResponse)) remember(world.links, linkParts(body.paymentLink));
  if (is(body, InvoicesResponse))
    for (const invoice of body.invoices) {
      remember(world.links, { id: invoice._id, sig: 'x' });
      remember(world.orderIds, invoice._id);
    }
  if (is(body, OfficeOrdersResponse)) for (const order of body.orders) remember(world.orderIds, order.id);
  if (is(body, OfficeOrderResponse)) remember(world.orderIds, body.order.id);
  if (is(body, StaffResponse)) for (const member of body.staff) remember(world.userIds, member.id);
}

const errorLines = (lines: LogLine[]) => lines.filter((line) => line.level >= 50);

/** After each batch: the server still answers, nothing was logged as an error, and the fuzzer has a session. */
async function afterBatch(target: TestApp, lines: LogLine[], errorsBefore: number): Promise<void> {
  const health = await target.request('/api/health');
  if (health.status !== 200) throw new Error(`the health check answered ${health.status}`);
  // Background work (mail after a payment) runs on the next turns of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  const errors = errorLines(lines);
  if (errors.length > errorsBefore)
    throw new Error(`logged at error level: ${JSON.stringify(errors.at(-1)).slice(0, 2000)}`);
  if (target === app && (await authenticate(app, fuzzer.token)).status !== 200) fuzzer = await newFuzzer();
}

async function runBatch(target: TestApp, lines: LogLine[], batch: FuzzRequest[]): Promise<void> {
  const errorsBefore = errorLines(lines).length;
  for (const request of batch) await sendAndJudge(target, request);
  await afterBatch(target, lines, errorsBefore);
}

/** Runs per route, sized so the whole file stays well under a minute on two cores. */
const RUNS_PER_ROUTE = 80;
const TIMEOUT_MS = 60_000;

describe('fuzzing every route', () => {
  it('covers every route the app registers', () => {
    // (The SPA's catch-all, GET /*, is fuzzed with the stray paths below.)
    const registered = new Set(
      app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
        .map((route) => `${route.method} ${route.path}`),
    );
    const fuzzed = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    expect([...registered].filter((route) => !fuzzed.has(route))).toEqual([]);
    expect([...fuzzed].filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: no 5xx, errors in the contract shape, the server still answering',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(fc.array(requests(route), { minLength: 1, maxLength: 3 }), (batch) =>
          runBatch(app, logLines, batch),
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'paths and methods no route claims',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(strayRequests, { minLength: 1, maxLength: 3 }), (batch) =>
          runBatch(app, logLines, batch),
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'the Stripe webhook (Stripe mode), with unsigned and validly signed events of any content',
    async () => {
      /** Usually as Stripe sends it, sometimes any value at all. */
      const mostly = <T>(valid: fc.Arbitrary<T>) =>
        fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: mutant });
      const session = fc.record({
        id: mostly(fc.string({ minLength: 1, maxLength: 20 })),
        payment_status: mostly(fc.constantFrom('paid', 'unpaid')),
        amount_total: mostly(
          fc.oneof(fc.constantFrom(...catalogue.map((service) => service.price * 100)), fc.integer()),
        ),
        currency: mostly(fc.constantFrom('gbp', 'eur')),
        client_reference_id: mostly(fc.oneof(fc.constantFrom(...stripeInvoiceIds), fc.constant(null))),
        metadata: mostly(fc.record({ invoiceId: mostly(fc.oneof(fc.constantFrom(...stripeInvoiceIds), fc.string())) })),
      });
      const event = fc.oneof(
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
        {
          weight: 6,
          arbitrary: fc.record({
            id: mostly(fc.string({ minLength: 1, maxLength: 20 })),
            type: mostly(
              fc.constantFrom(
                'checkout.session.completed',
                'checkout.session.async_payment_succeeded',
                'customer.created',
              ),
            ),
            data: mostly(fc.record({ object: mostly(session) })),
          }),
        },
      );
      const deliveries = fc.record({
        payload: fc.oneof(
          {
            weight: 4,
            arbitrary: event.map((value) =>
              JSON.stringify(value).replaceAll(JSON.stringify(DEEP), '[[[[[[[[1]]]]]]]]'),
            ),
          },
          { weight: 1, arbitrary: text },
        ),
        signature: fc.oneof(
          { weight: 3, arbitrary: fc.constant('valid') },
          { weight: 1, arbitrary: latin1 },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(deliveries, { minLength: 1, maxLength: 3 }), async (batch) => {
          const errorsBefore = errorLines(stripeServer.logLines).length;
          for (const { payload, signature } of batch) {
            const header =
              signature === 'valid'
                ? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
                : signature;
            await sendAndJudge(stripeServer.app, {
              method: 'POST',
              path: '/api/payments/stripe/webhook',
              query: [],
              caller: { kind: 'none' },
              body: { kind: 'text', text: payload },
              contentType: 'application/json',
              headers: header === null ? [] : [['Stripe-Signature', header]],
              address: '198.51.100.7',
            });
          }
          await afterBatch(stripeServer.app, stripeServer.logLines, errorsBefore);
        }),
        { numRuns: RUNS_PER_ROUTE * 3 },
      );
    },
    TIMEOUT_MS,
  );

  it('left the bystander signed in, with the same account and invoices', async () => {
    const me = await authenticate(app, bystander.token);
    expect(me.status).toBe(200);
    const { user } = (await me.json()) as { user: unknown };
    expect(user).toEqual(bystander.user);
    expect(await myInvoices(app, bystander.token)).toEqual(bystanderInvoices);
    // And the bystander can still act with that session.
    const created = await app.request('/api/invoices/my', { headers: bearer(bystander.token) });
    expect(created.status).toBe(200);
    expect(errorLines(logLines)).toEqual([]);
  });
});
