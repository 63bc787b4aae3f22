/**
 * Reading a body within the limits of its route: its size (from Content-Length before a byte is read, else from
 * what arrives) and, for a form, its number of fields, counted on the raw bytes before anything is parsed. A form
 * of a megabyte and a hundred thousand fields once cost half a second of parsing before any limit applied; here
 * it costs a comparison, and a form just under the size a count of one byte or one boundary.
 */
import type { Context } from 'hono';
import { parseBody } from 'hono/utils/body';
import { clientAborted } from './client-aborted';
import { HttpError } from './errors';

export interface BodyLimits {
  /** Bytes the route's body may have. */
  maxBytes: number;
  /** Fields a form may have (files count as fields); JSON bodies are judged by size and nesting. */
  maxFields: number;
}

/** What a route with small text fields takes: the API's JSON bodies and forms without files. */
export const SMALL_BODY: BodyLimits = { maxBytes: 64 * 1024, maxFields: 16 };

const tooLarge = (limits: BodyLimits) =>
  new HttpError(413, `The request is too large (at most ${Math.ceil(limits.maxBytes / 1024)} KB).`);
const tooManyFields = (limits: BodyLimits) =>
  new HttpError(413, `The form has too many fields (at most ${limits.maxFields}).`);

/** The body's bytes, refused with 413 as soon as they are known to exceed `limits.maxBytes`. */
export async function bodyBytes(c: Context, limits: BodyLimits): Promise<Uint8Array> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > limits.maxBytes) throw tooLarge(limits);
  // Without Content-Length (chunked), the app-wide limit has already bounded what can arrive.
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > limits.maxBytes) throw tooLarge(limits);
  return bytes;
}

/** How many fields a form's raw bytes hold, at most: `&`-separated pairs, or multipart's boundary lines. */
export function formFieldCount(bytes: Uint8Array, contentType: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) {
    let count = bytes.byteLength > 0 ? 1 : 0;
    for (let at = buffer.indexOf(0x26); at !== -1; at = buffer.indexOf(0x26, at + 1)) count += 1;
    return count;
  }
  // Each part opens with a delimiter line, and the closing one ends the body: parts = delimiters - 1.
  const delimiter = Buffer.from(`--${boundary}`);
  let count = -1;
  for (let at = buffer.indexOf(delimiter); at !== -1; at = buffer.indexOf(delimiter, at + delimiter.length)) count += 1;
  return Math.max(count, 0);
}

/** A multipart or urlencoded form within `limits`, parsed as Hono's parseBody parses it. */
export async function readFormWithin(c: Context, limits: BodyLimits): Promise<Record<string, unknown>> {
  const contentType = c.req.header('content-type') ?? '';
  let bytes: Uint8Array;
  try {
    bytes = await bodyBytes(c, limits);
  } catch (error) {
    if (error instanceof HttpError || clientAborted(c)) throw error;
    throw new HttpError(400, 'The form data could not be read.');
  }
  if (formFieldCount(bytes, contentType) > limits.maxFields) throw tooManyFields(limits);
  const request = new Request('http://form.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  try {
    return (await parseBody(request)) as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'The form data could not be read.');
  }
}
