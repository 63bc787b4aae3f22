/**
 * Which user a reported visit is stored under. The body's `user` is the browser's word only, so it is kept
 * when it names an existing account and, if the request is signed in, only when it is the caller's own
 * account; anything else (unknown id, someone else's id) is stored as an anonymous visit.
 */
import type { Context } from 'hono';
import { bearerToken } from '../auth/middleware';
import type { Services } from '../services';
import { findUserById } from '../users/repository';

export async function visitUserId(
  c: Context,
  services: Pick<Services, 'db' | 'sessions'>,
  claimed: string | null,
): Promise<string | null> {
  if (claimed === null) return null;
  const token = bearerToken(c.req.header('authorization'));
  const session = token ? await services.sessions.resolve(token) : null;
  if (session) return session.user.id === claimed ? claimed : null;
  return (await findUserById(services.db, claimed)) ? claimed : null;
}
