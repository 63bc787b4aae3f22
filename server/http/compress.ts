/**
 * Compression for the clients that ask for it (browsers always do). Hono's compress middleware looks at the
 * finished Response before it looks at the request, and adds `Vary` even when it compresses nothing, which
 * makes the Response materialise on every request; a client that accepts no encoding skips it entirely
 * (docs/performance.md). What it compresses is unchanged: compressible types over 1 KB.
 */
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** The encodings Hono's middleware can produce. */
const SUPPORTED = /\b(gzip|deflate)\b/i;

export function compressWhenAsked(): MiddlewareHandler {
  const compressing = compress();
  return (c, next) => (SUPPORTED.test(c.req.header('accept-encoding') ?? '') ? compressing(c, next) : next());
}
