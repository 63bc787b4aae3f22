/**
 * Request bodies for the fuzz suite: a route's fields as JSON (mutated, with odd keys and deep nesting),
 * urlencoded and multipart forms with broken parts and files that only look like pictures or PDFs, plain
 * text and raw bytes; and `render`, which writes one out with the Content-Type that goes with it.
 */
import fc from 'fast-check';
import { DEEP, type Fields, deepText, encodeLoosely, fieldEntries, keyText, text } from './junk';

type Bytes = Uint8Array<ArrayBuffer>;

interface MultipartPart {
  headers: string[];
  content: string | Bytes;
}

export type Body =
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

/** What a route's body looks like, as far as the bodies made for it go (routes.ts's Route has these). */
export interface BodyShape {
  /** Valid-looking values of the body's fields (the contract's shape). */
  fields?: Fields;
  /** Valid bodies whose fields depend on each other (default: each field from `fields`). */
  whole?: fc.Arbitrary<Record<string, unknown>>;
  /** Also takes multipart and urlencoded forms. */
  forms?: boolean;
  /** The names a multipart body's file part may have (default the profile's avatar). */
  files?: string[];
}

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

export function bodies(route: BodyShape): fc.Arbitrary<Body> {
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
export function render(body: Body): { contentType: string | undefined; payload: string | Bytes | undefined } {
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
