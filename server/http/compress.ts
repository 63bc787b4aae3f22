/**
 * Compression for the clients that ask for it (browsers always do). Hono's compress middleware looks at the
 * finished Response before it looks at the request, and adds `Vary` even when it compresses nothing, which
 * makes the Response materialise on every request; a client that accepts no encoding skips it entirely
 * (docs/performance.md). What it compresses is unchanged: compressible types over 1 KB.
 *
 * Hono's middleware knows a body's size only from a Content-Length header, and `c.json`/`c.text` set none: every
 * answer, the health check's 40 bytes included, went through a compression stream, and its answer waited
 * several turns of the event loop for zlib. Under load that made a health check ten times slower
 * (docs/performance.md#documents). So a compressible body of unknown size is measured first, and one under the
 * threshold is sent as it is.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** The encodings Hono's middleware can produce. */
const SUPPORTED = /\b(gzip|deflate)\b/i;
/** Hono's default: below this many bytes, compression saves less than it costs. */
const THRESHOLD_BYTES = 1024;

export function compressWhenAsked(): MiddlewareHandler {
  const compressing = compress({ threshold: THRESHOLD_BYTES });
  return (c, next) =>
    SUPPORTED.test(c.req.header('accept-encoding') ?? '')
      ? compressing(c, async () => {
          await next();
          await giveLength(c);
        })
      : next();
}

/** Gives a compressible answer without a length its length (the app's answers are whole strings, never streams). */
async function giveLength(c: Context): Promise<void> {
  const { res } = c;
  if (!res.body || res.headers.has('Content-Length') || res.headers.has('Content-Encoding')) return;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return;
  const bytes = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  headers.set('Content-Length', String(bytes.byteLength));
  c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
}
