/**
 * `requireAuth`: the route runs only for a live session named by `Authorization: Bearer <token>`.
 * Every kind of failure (no header, wrong scheme, malformed, unknown, revoked, expired token) gets the
 * same 401, so the answer tells a caller nothing about tokens it does not own.
 */
import { createMiddleware } from 'hono/factory';
import { isStaff } from '#domain/orders';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import type { Sessions } from './sessions';

export const SIGN_IN_REQUIRED_TEXT = 'Please sign in to continue.';

export function bearerToken(header: string | undefined): string | null {
  return header?.match(/^Bearer +(\S+) *$/i)?.[1] ?? null;
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

export const STAFF_ONLY_TEXT = 'This page is for the office only.';
export const ADMIN_ONLY_TEXT = 'Only an admin may manage the office staff.';

/**
 * After `requireAuth`: the route runs only for office and admin accounts (403 for a customer). The role is
 * read with the session on every request, so a revoked role takes effect at the next request.
 */
export function requireStaff() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isStaff(c.get('auth').user.role)) throw new HttpError(403, STAFF_ONLY_TEXT);
    await next();
  });
}

/** After `requireAuth`: admins only (403 for office members and customers). */
export function requireAdmin() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('auth').user.role !== 'admin') throw new HttpError(403, ADMIN_ONLY_TEXT);
    await next();
  });
}
