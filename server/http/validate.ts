/**
 * Reading and validating request bodies. Every body goes through a superstruct struct from the shared
 * contract before a route uses it; a failure becomes a 400 naming the first bad field in words a
 * customer understands. Structs built with `type()` ignore unknown fields rather than refusing them.
 */
import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { PASSWORD_MAX, PASSWORD_MIN } from '#domain/contract';
import { type BodyLimits, SMALL_BODY, bodyBytes, readFormWithin } from './body-read';
import { HttpError } from './errors';

/** Messages per field name, shared by all routes; a route may override some (see `validate`). */
const FIELD_MESSAGES: Record<string, string> = {
  name: 'Please enter your name (up to 100 characters).',
  email: 'Please enter a valid e-mail address.',
  password: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  oldPassword: 'Please enter your old password.',
  newPassword: `The new password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  confirmPassword: 'Please confirm the new password.',
};

export function validate<T, S>(struct: Struct<T, S>, value: unknown, overrides: Record<string, string> = {}): T {
  const [error, result] = struct.validate(value);
  if (!error) return result;
  const failure = error.failures()[0] ?? error;
  const field = failure.path[0];
  if (field === undefined) throw new HttpError(400, 'The request body must be an object of fields.');
  const key = String(field);
  // Own properties only: a body field named "__proto__" must not find Object.prototype as its message.
  const message = Object.hasOwn(overrides, key)
    ? overrides[key]
    : Object.hasOwn(FIELD_MESSAGES, key)
      ? FIELD_MESSAGES[key]
      : `The field "${key}" is missing or invalid.`;
  throw new HttpError(400, message!);
}

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

const unsupported = (accepted: string) => new HttpError(415, `Please send the request as ${accepted}.`);

/**
 * The deepest nesting of arrays and objects a JSON body may have. The API's bodies are flat objects
 * (depth 1); anything much deeper is an attack on whatever recurses over the value afterwards (the
 * validator's error text once turned a few thousand nested arrays into a stack overflow).
 */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP_TEXT = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`;

/**
 * Whether `text` opens more than `max` arrays or objects inside one another. One pass without recursion,
 * before JSON.parse, so a hostile body is refused without being built; brackets inside strings do not count.
 * Only the nesting is judged here: malformed text is left for JSON.parse to refuse.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* backslash: the next character is escaped */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** A JSON body (the API's default format), at most JSON_MAX_DEPTH levels deep. */
export async function readJson(c: Context, limits: BodyLimits = SMALL_BODY): Promise<unknown> {
  if (!isJson(mediaType(c))) throw unsupported('JSON (Content-Type: application/json)');
  const text = new TextDecoder().decode(await bodyBytes(c, limits));
  if (jsonNestingExceeds(text, JSON_MAX_DEPTH)) throw new HttpError(400, JSON_TOO_DEEP_TEXT);
  try {
    return JSON.parse(text, withoutConversionKeys);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/**
 * JSON.parse's reviver: drops the fields `toString` and `valueOf`. No request of the API has them, and as
 * data (not methods) they make any object that carries them fail to turn into text: `${{ toString: 1 }}`
 * throws, and the validator writes a rejected value into its error text that way.
 */
function withoutConversionKeys(key: string, value: unknown): unknown {
  return key === 'toString' || key === 'valueOf' ? undefined : value;
}

/**
 * A form: multipart/form-data or x-www-form-urlencoded (what the browser client sends for registration
 * and profile updates); JSON is accepted too, for API clients. File parts are kept as File objects;
 * the struct decides whether a field may be one. Form fields are flat (a name and a string or file, or a
 * list of them for repeated names: no dotted names are expanded), so a form has no nesting to bound.
 */
export async function readForm(c: Context, limits: BodyLimits = SMALL_BODY): Promise<unknown> {
  const type = mediaType(c);
  if (isJson(type)) return readJson(c, limits);
  if (type !== 'multipart/form-data' && type !== 'application/x-www-form-urlencoded') {
    throw unsupported('form data (multipart/form-data or application/x-www-form-urlencoded) or JSON');
  }
  return readFormWithin(c, limits);
}
