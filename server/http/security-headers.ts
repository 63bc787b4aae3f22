/**
 * Security headers on every response, API and static alike, error pages, 404s and streamed files included;
 * and `Cache-Control: no-store` on every API answer that sets no policy of its own.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Config } from '../config';

/**
 * Only our own origin, except that the browser may also fetch from the geolocation service's origin
 * (GEOLOCATION_URL; only its origin, and nothing when the lookup is switched off).
 */
export function contentSecurityPolicy(config: Pick<Config, 'GEOLOCATION_URL'>): string {
  const connect = ["'self'"];
  if (config.GEOLOCATION_URL) connect.push(new URL(config.GEOLOCATION_URL).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and Radix set inline style attributes; inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // data:/blob: for avatar previews picked from disk before upload.
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Browser features no page of the site uses, switched off for it and for anything it might embed.
 * The visitor's location comes from an IP lookup over fetch (GEOLOCATION_URL), not from the browser's
 * geolocation API; payment happens on the sandbox page or Stripe's own site, not through the Payment
 * Request API. Autoplay and fullscreen keep the browser's defaults (the hero's muted video plays itself).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/**
 * Browser features the site's own pages use, allowed for its origin only (nothing it embeds): creating and
 * using passkeys (docs/product.md#passkeys).
 */
const SELF_FEATURES = ['publickey-credentials-create', 'publickey-credentials-get'] as const;

export const PERMISSIONS_POLICY = [
  ...DENIED_FEATURES.map((feature) => `${feature}=()`),
  ...SELF_FEATURES.map((feature) => `${feature}=(self)`),
].join(', ');

export function securityHeaderValues(config: Pick<Config, 'GEOLOCATION_URL'>): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Not plain same-origin: the Google sign-in popup must be able to report back to its opener.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // No other site may embed our answers (pictures, scripts, API data) in its pages; our own pages,
    // avatars included, are same-origin.
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** API answers carry tokens and personal data: no browser or proxy may keep them, unless a route says so. */
const API_CACHE_CONTROL = 'no-store';

/**
 * A response may bring its own value for any of these headers (a served avatar: a stricter policy and a
 * cache lifetime of its own); the ones it leaves out get ours.
 *
 * Behind a real socket they are given to Node's response before the handler runs (`setHeader`; Node lets the
 * headers the response is written with take precedence): that costs a fraction of setting them on the
 * finished Response, which makes the Response materialise its headers (docs/performance.md). Without a
 * socket (`app.request`, in-process) they are set on the finished Response, with the same precedence.
 */
export function securityHeaders(config: Pick<Config, 'GEOLOCATION_URL'>): MiddlewareHandler {
  const everywhere = Object.entries(securityHeaderValues(config));
  const onApi: Array<[string, string]> = [...everywhere, ['Cache-Control', API_CACHE_CONTROL]];
  const onResponse = async (c: Context, next: Next, headers: Array<[string, string]>) => {
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
  // Not an async function: on the socket path (every real request) it returns the route's own promise.
  return (c, next) => {
    const headers = c.req.path.startsWith('/api/') ? onApi : everywhere;
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (!outgoing) return onResponse(c, next, headers);
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  };
}
