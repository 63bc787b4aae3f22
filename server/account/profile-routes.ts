/**
 * /api/users: the signed-in customer's own account: who they are, their profile, their password. The rest of
 * the prefix (the account's life cycle, the second factor, passkeys, ...) is composed beside it in
 * server/prefixes.ts.
 */
import { Hono } from 'hono';
import { PasswordChangeRequest, ProfileUpdateRequest } from '#domain/contract';
import { requireAuth } from '../ways-in/require-auth';
import type { UserWithAvatar } from '../db/schema';
import type { ResolvedSession } from '../ways-in/sessions';
import type { AppEnv } from '../http/app-env';
import { JSON_CONTENT_TYPE } from '../http/json';
import { PROFILE_BODY_LIMIT_BYTES } from '../avatars/body-limit';
import { SMALL_BODY } from '../http/body-read';
import { readForm, readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { toWireUser } from '../users/wire';
import { changePassword } from './password-change';
import { updateProfile } from './profile-update';

/**
 * `{user}` as JSON text, made once per user object: a session's user is a frozen object, shared by every request
 * of that session while the read cache keeps it, until the database changes (server/ways-in/sessions.ts).
 */
const answers = new WeakMap<UserWithAvatar, string>();

function authenticateAnswer({ user, session }: ResolvedSession, policy: Services['config']): string {
  // Keyed by the user alone: each session's read has its own user object, so the session's factor goes with it.
  let text = answers.get(user);
  if (text === undefined) {
    text = JSON.stringify({ user: toWireUser(user, policy, session.second_factor) });
    answers.set(user, text);
  }
  return text;
}

export function profileRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  // Per route, not `use('*')`: some user calls (record-visit, forgotten password) are open to visitors.
  const auth = requireAuth(services.sessions);

  routes.get('/authenticate', auth, (c) =>
    c.body(authenticateAnswer(c.get('auth'), services.config), 200, JSON_CONTENT_TYPE),
  );

  routes.patch('/profile/update', auth, async (c) => {
    // The picture's room besides the text fields; the app-wide limit for this route says the same in its words.
    const form = await readForm(c, { maxBytes: PROFILE_BODY_LIMIT_BYTES, maxFields: SMALL_BODY.maxFields });
    const body = validate(ProfileUpdateRequest, form);
    return c.json(await updateProfile(services, c.get('auth'), body, form as Record<string, unknown>), 200);
  });

  routes.patch('/password/change', auth, async (c) => {
    const body = validate(PasswordChangeRequest, await readJson(c));
    return c.json(await changePassword(services, c.get('auth'), body), 200);
  });

  return routes;
}
