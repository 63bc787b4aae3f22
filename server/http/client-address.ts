/**
 * The address a request came from, used to throttle failed sign-ins per address.
 * X-Forwarded-For is trusted only when configured (TRUST_PROXY=1): otherwise any caller could name
 * a fresh address on every attempt and never be throttled.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // Our proxy appends the address it saw as the last entry; earlier entries are client-supplied.
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.[forwarded.length - 1];
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (e.g. a request handed to app.request() in-process): all such callers share one bucket.
    return 'unknown';
  }
}
