/**
 * Which user a reported visit is stored under. The body's `user` is the browser's word only: the visit is
 * attributed to it only when the request carries that user's live session. Anything else (no session, an
 * ended one, someone else's id) is stored as an anonymous visit, so nobody can write visits into another
 * person's history.
 */
import type { Context } from 'hono';
import { bearerToken } from '../ways-in/require-auth';
import type { Services } from '../services';

export async function visitUserId(
  c: Context,
  services: Pick<Services, 'sessions'>,
  claimed: string | null,
): Promise<string | null> {
  if (claimed === null) return null;
  const token = bearerToken(c.req.header('authorization'));
  const session = token ? await services.sessions.resolve(token) : null;
  return session?.user.id === claimed ? claimed : null;
}
