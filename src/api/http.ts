/**
 * The one HTTP client (DESIGN "API client"): redaxios, base /api, JSON by default, the stored bearer
 * token on authenticated calls, every body validated before a machine sees it, every failure an ApiError.
 */
import redaxios from 'redaxios';
import { create, type Struct } from 'superstruct';
import { cacheKey, readCache, writeCache } from './cache';
import { ApiError, toApiError } from './errors';
import { readToken } from './token';

const client = redaxios.create({ baseURL: '/api' });

/** Called when an authenticated call answers 401: the session ended elsewhere. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface CallOptions {
  auth?: boolean;
  /** GET only: minutes a response is kept in local storage; 0 = not cached. */
  cacheMinutes?: number;
}

function authHeader(auth: boolean): Record<string, string> {
  if (!auth) return {};
  const token = readToken();
  // SPEC 4: with no stored token an authenticated call fails at once, with an empty error.
  if (!token) throw new ApiError('', 401);
  return { authorization: `Bearer ${token}` };
}

function parse<T>(data: unknown, struct: Struct<T, unknown>): T {
  try {
    return create(data, struct);
  } catch {
    throw new ApiError('The server sent an answer this page does not understand.', 0);
  }
}

async function send<T>(
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  struct: Struct<T, unknown> | null,
  body: unknown,
  options: CallOptions,
): Promise<T> {
  const auth = options.auth ?? false;
  const headers = authHeader(auth);
  try {
    const response = await client(path, { method, data: body, headers });
    return (struct ? parse(response.data, struct) : undefined) as T;
  } catch (failure) {
    const error = toApiError(failure);
    // After the caller has handled the failure (its screen may show it), the app learns the session ended.
    if (auth && error.status === 401) setTimeout(onUnauthorized, 0);
    throw error;
  }
}

/** Whose answer a cache entry is: a digest of the token, so the token itself is not copied around. */
function userKey(token: string | null): string {
  if (!token) return 'anonymous';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const keyFor = (path: string, options: CallOptions) =>
  cacheKey(path, options.auth ? userKey(readToken()) : 'anonymous');

/** Drops one cached answer, when what it said is no longer true. */
export function forgetCached(path: string, options: CallOptions = {}): void {
  localStorage.removeItem(keyFor(path, options));
}

export async function get<T>(path: string, struct: Struct<T, unknown>, options: CallOptions = {}): Promise<T> {
  const minutes = options.cacheMinutes ?? 0;
  const key = keyFor(path, options);
  if (minutes > 0) {
    const cached = readCache(key);
    if (cached.hit) return parse(cached.value, struct);
  }
  const value = await send('get', path, struct, undefined, options);
  writeCache(key, value, minutes);
  return value;
}

export const post = <T>(path: string, struct: Struct<T, unknown> | null, body?: unknown, options: CallOptions = {}) =>
  send('post', path, struct, body, options);

export const patch = <T>(path: string, struct: Struct<T, unknown> | null, body?: unknown, options: CallOptions = {}) =>
  send('patch', path, struct, body, options);
