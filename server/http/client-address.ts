/**
 * The address a request came from, used to limit requests per address (see `addressLimitKey`).
 * X-Forwarded-For is trusted only when configured (TRUST_PROXY=1): otherwise any caller could name
 * a fresh address on every attempt and never be limited.
 */
import { isIPv4, isIPv6 } from 'node:net';
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

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16));
}

/**
 * The key an address is counted under by the per-address limits. An IPv6 customer is usually given a whole
 * /64 and can pick any address in it, so IPv6 counts per /64 (`2001:db8:1:2::/64`); an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, how a dual-stack socket reports an IPv4 client) counts as its IPv4 address.
 * Anything else (e.g. 'unknown') is its own key.
 */
export function addressLimitKey(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** `addressLimitKey` of the request's client address. */
export function clientLimitKey(c: Context, trustProxy: boolean): string {
  return addressLimitKey(clientAddress(c, trustProxy));
}
