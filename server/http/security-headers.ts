/**
 * Security headers on every response, API and static alike (set after the handler ran, so error pages,
 * 404s and streamed files get them too).
 */
import type { MiddlewareHandler } from 'hono';
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

export function securityHeaderValues(config: Pick<Config, 'GEOLOCATION_URL'>): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Not plain same-origin: the Google sign-in popup must be able to report back to its opener.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

export function securityHeaders(config: Pick<Config, 'GEOLOCATION_URL'>): MiddlewareHandler {
  const headers = Object.entries(securityHeaderValues(config));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) {
      // A response may bring a stricter policy of its own (a served avatar: default-src 'none').
      if (name === 'Content-Security-Policy' && c.res.headers.has(name)) continue;
      c.res.headers.set(name, value);
    }
  };
}
