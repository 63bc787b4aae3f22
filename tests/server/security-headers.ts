/** The security headers every response carries (server/http/security-headers.ts), as a test expects them. */
import { expect } from 'vitest';

export function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('Content-Security-Policy')).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
      "media-src 'self'; font-src 'self'; connect-src 'self' https://ipapi.co; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  );
  expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
  expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  expect(res.headers.get('Permissions-Policy')).toBe(
    'accelerometer=(), camera=(), display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), ' +
      'hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), ' +
      'screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), ' +
      'publickey-credentials-create=(self), publickey-credentials-get=(self)',
  );
}
