/**
 * Request bodies above a size are refused with a 413 in our shape before any handler reads them.
 *
 * Over a socket, HTTP/1.1 frames every body with Content-Length or Transfer-Encoding, and Node's parser holds
 * a body to its Content-Length: so a request with neither has no body, and one with a Content-Length is judged
 * by it, from Node's own headers. Hono's body limit (used otherwise: chunked bodies, and in-process requests
 * without a socket) asks the request for its body stream first, which makes the whole Request materialise and
 * the body be read through it, for a GET as much as a POST (docs/performance.md); judged here, a JSON body is
 * then read straight from the socket by @hono/node-server's fast path.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorResponse } from './errors';

/** A body limit of `maxBytes`, answering `onTooLarge` when it is exceeded. */
export function limitBodyTo(maxBytes: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return (c, next) => {
    const headers = (c.env as Partial<HttpBindings> | undefined)?.incoming?.headers;
    if (headers === undefined || headers['transfer-encoding'] !== undefined) return streamed(c, next);
    const length = headers['content-length'];
    if (length === undefined) return next();
    // Node's parser accepts only digits here.
    return Number(length) > maxBytes ? Promise.resolve(onTooLarge(c)) : next();
  };
}

/** The app-wide limit (BODY_LIMIT_BYTES), with its size in the answer's words. */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  const text = `The request is too large (at most ${size}).`;
  return limitBodyTo(maxBytes, (c) => errorResponse(c, 413, text));
}
