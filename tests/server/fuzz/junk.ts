/**
 * The fuzz suite's raw material (fast-check): strings that break naive parsers, keys that poison objects,
 * values of the wrong type, deep nesting, odd headers, queries and client addresses. No server here: what
 * refers to one lives in world.ts and routes.ts.
 */
import fc from 'fast-check';

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

export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary-ascii' }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXTS) },
  { weight: 1, arbitrary: hugeText },
);

export const keyText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON', 'then', 'length', ''),
);

/** Marks where `render` puts deeply nested JSON text (too deep to build as a value and stringify). */
export const DEEP = '\u0000deep\u0000';
export const deepText = fc
  .tuple(
    fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1000, max: 6000 })),
    fc.constantFrom('[', '{"a":', '[{"a":'),
  )
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
    return `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`;
  });

/** Any field value that is not what the contract asks for. */
export const mutant: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(keyText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant(DEEP) },
);

export type Fields = Record<string, fc.Arbitrary<unknown>>;

export type Entries = Array<[string, unknown]>;

/**
 * The fields of a body: all valid (as `whole` makes them, or each from `fields`), or one of them mutated or
 * missing, or each mutated or missing at random; sometimes with extra fields of any name.
 */
export function fieldEntries(fields: Fields, whole?: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Entries> {
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

/** encodeURIComponent, but a lone surrogate is sent as its broken UTF-8 escape instead of throwing. */
export function encodeLoosely(value: string): string {
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

// ---- headers, queries, addresses ----

export const CONTENT_TYPES = [
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

export const latin1 = fc.string({
  maxLength: 60,
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
});

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

export const extraHeaders = fc.array(
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

export const addresses = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('', 'unknown', '::ffff:127.0.0.1', 'not an address'),
  fc.constant(undefined),
);

export const queryPairs = (known: Fields) =>
  fc.array(
    fc.tuple(
      Object.keys(known).length > 0 ? fc.oneof(fc.constantFrom(...Object.keys(known)), keyText) : keyText,
      fc.oneof(...(Object.values(known).length > 0 ? Object.values(known) : [text]), text),
    ),
    { maxLength: 4 },
  );
