/**
 * Security headers on every response, API and static alike (set after the handler ran, so error pages,
 * 404s and streamed files get them too).
 */
import type { MiddlewareHandler } from 'hono';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React and Radix set inline style attributes; inline styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // data:/blob: for avatar previews picked from disk before upload.
  "img-src 'self' data: blob:",
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Not plain same-origin: the Google sign-in popup must be able to report back to its opener.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
};
