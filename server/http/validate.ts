/**
 * Reading and validating request bodies. Every body goes through a superstruct struct from the shared
 * contract before a route uses it; a failure becomes a 400 naming the first bad field in words a
 * customer understands. Structs built with `type()` ignore unknown fields rather than refusing them.
 */
import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../src/api/contract';
import { HttpError } from './errors';

/** Messages per field name, shared by all routes; a route may override some (see `validate`). */
export const FIELD_MESSAGES: Record<string, string> = {
  name: 'Please enter your name (up to 100 characters).',
  email: 'Please enter a valid e-mail address.',
  password: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  oldPassword: 'Please enter your current password.',
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
  throw new HttpError(400, overrides[key] ?? FIELD_MESSAGES[key] ?? `The field "${key}" is missing or invalid.`);
}

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

const unsupported = (accepted: string) => new HttpError(415, `Please send the request as ${accepted}.`);

/** A JSON body (the API's default format). */
export async function readJson(c: Context): Promise<unknown> {
  if (!isJson(mediaType(c))) throw unsupported('JSON (Content-Type: application/json)');
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/**
 * A form: multipart/form-data or x-www-form-urlencoded (what the browser client sends for registration
 * and profile updates); JSON is accepted too, for API clients. File parts are kept as File objects;
 * the struct decides whether a field may be one.
 */
export async function readForm(c: Context): Promise<unknown> {
  const type = mediaType(c);
  if (isJson(type)) return readJson(c);
  if (type !== 'multipart/form-data' && type !== 'application/x-www-form-urlencoded') {
    throw unsupported('form data (multipart/form-data or application/x-www-form-urlencoded) or JSON');
  }
  try {
    return await c.req.parseBody();
  } catch {
    throw new HttpError(400, 'The form data could not be read.');
  }
}
