/**
 * Whether a request's `Authorization: Bearer <token>` carries METRICS_TOKEN. Both sides are hashed first, so
 * the comparison is over equal lengths and takes the same time whatever the guess: no timing tells a caller
 * how much of a token was right, nor how long it is.
 */
import { hash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ \t]+(.+)$/i;

function digest(text: string): Buffer {
  return Buffer.from(hash('sha256', text, 'hex'), 'hex');
}

export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const given = BEARER.exec(authorization?.trim() ?? '')?.[1] ?? '';
  // Hashed even when absent: a missing header takes as long as a wrong one.
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}
