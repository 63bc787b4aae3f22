/**
 * `requireAuth`: the route runs only for a live session named by `Authorization: Bearer <token>`.
 * Every kind of failure (no header, wrong scheme, malformed, unknown, revoked, expired token) gets the
 * same 401, so the answer tells a caller nothing about tokens it does not own.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import type { Sessions } from './sessions';

export const SIGN_IN_REQUIRED_TEXT = 'Please sign in to continue.';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

export function requireAuth(sessions: Sessions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const resolved = token ? await sessions.resolve(token) : null;
    if (!token || !resolved) {
      throw new HttpError(401, SIGN_IN_REQUIRED_TEXT, { 'WWW-Authenticate': 'Bearer' });
    }
    c.set('auth', { ...resolved, token });
    await next();
  });
}
