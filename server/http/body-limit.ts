/** Refuses request bodies above the configured size before any handler reads them, with a 413 in our shape. */
import type { HttpBindings } from '@hono/node-server';
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

/**
 * Runs `limit` only for a request that has a body. Hono's body limit asks the request for its body stream
 * first, which makes the whole Request materialise even for a GET (docs/performance.md). Over a socket, HTTP/1.1
 * frames every body with Content-Length or Transfer-Encoding, so a request with neither has none; in-process
 * (`app.request`, no socket) there are no such headers to go by, and the limit always runs.
 */
export function onlyWithBody(limit: MiddlewareHandler): MiddlewareHandler {
  return (c, next) => {
    const headers = (c.env as Partial<HttpBindings> | undefined)?.incoming?.headers;
    const bodiless =
      headers !== undefined && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
    return bodiless ? next() : limit(c, next);
  };
}
