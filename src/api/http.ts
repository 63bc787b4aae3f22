/**
 * The one HTTP client: redaxios, base /api, JSON by default, the stored bearer
 * token on authenticated calls, every body validated before a machine sees it, every failure an ApiError.
 */
import redaxios from 'redaxios';
import { create, type Struct } from 'superstruct';
import { cacheKey, readCache, writeCache } from './cache';
import { ApiError, type Interruption, toApiError } from './errors';
import { readToken } from './token';

/** How long a call may wait for its answer before it fails with a time-out; 0 waits as long as it takes. */
export const DEFAULT_TIMEOUT_MS = 0;

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
  /** Aborting it ends the request ('Request aborted'). */
  signal?: AbortSignal;
  /** Milliseconds before the call fails with a time-out; 0 = none. DEFAULT_TIMEOUT_MS when absent. */
  timeoutMs?: number;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

function authHeader(auth: boolean): Record<string, string> {
  if (!auth) return {};
  const token = readToken();
  // With no stored token an authenticated call fails at once, with an empty error.
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

/** An answer outside 2xx that came as a Blob (a download): its text is read, so its message.en is not lost. */
async function withReadableBody(failure: unknown): Promise<unknown> {
  if (typeof failure !== 'object' || failure === null || !('data' in failure)) return failure;
  // Told apart by what it can do, not by its class: a Blob from another realm (a test's fetch) is one too.
  const data = failure.data as { text?: unknown } | null;
  if (typeof data !== 'object' || data === null || typeof data.text !== 'function') return failure;
  const text = await (data as Blob).text().catch(() => '');
  try {
    return { ...failure, data: JSON.parse(text) as unknown };
  } catch {
    return { ...failure, data: text };
  }
}

async function send<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  struct: Struct<T, unknown> | null,
  body: unknown,
  options: CallOptions & { responseType?: 'blob' },
): Promise<T> {
  const auth = options.auth ?? false;
  const headers = { ...options.headers, ...authHeader(auth) };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // redaxios does not hand a signal to fetch: the request goes through a fetch that carries ours, which
  // ends with the caller's signal or when the time-out passes, whichever comes first.
  const controller = new AbortController();
  let interrupted: Interruption | null = null;
  const abort = () => {
    interrupted ??= { reason: 'aborted' };
    controller.abort();
  };
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener('abort', abort);
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          interrupted ??= { reason: 'timeout', ms: timeoutMs };
          controller.abort();
        }, timeoutMs)
      : undefined;
  const fetchWithSignal: typeof fetch = (input, init) => fetch(input, { ...init, signal: controller.signal });
  try {
    const response = await client(path, {
      method,
      data: body,
      headers,
      fetch: fetchWithSignal,
      responseType: options.responseType,
    });
    if (options.responseType === 'blob') return response as T;
    return (struct ? parse(response.data, struct) : undefined) as T;
  } catch (failure) {
    const error = toApiError(await withReadableBody(failure), interrupted);
    // After the caller has handled the failure (its screen may show it), the app learns the session ended.
    if (auth && error.status === 401) setTimeout(onUnauthorized, 0);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
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

export const put = <T>(path: string, struct: Struct<T, unknown> | null, body?: unknown, options: CallOptions = {}) =>
  send('put', path, struct, body, options);

export const patch = <T>(path: string, struct: Struct<T, unknown> | null, body?: unknown, options: CallOptions = {}) =>
  send('patch', path, struct, body, options);

export const del = <T>(path: string, struct: Struct<T, unknown> | null, body?: unknown, options: CallOptions = {}) =>
  send('delete', path, struct, body, options);

/** A GET whose answer is a file: the bytes and the answer's headers (src/api/download.ts reads the name). */
export const getBlob = (path: string, options: CallOptions = {}) =>
  send<{ data: Blob; headers: Headers }>('get', path, null, undefined, { ...options, responseType: 'blob' });
