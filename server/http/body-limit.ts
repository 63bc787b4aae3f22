/** Refuses request bodies above the configured size before any handler reads them, with a 413 in our shape. */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorResponse } from './errors';

export function limitBody(maxBytes: number): MiddlewareHandler {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  const text = `The request is too large (at most ${size}).`;
  return bodyLimit({ maxSize: maxBytes, onError: (c) => errorResponse(c, 413, text) });
}
