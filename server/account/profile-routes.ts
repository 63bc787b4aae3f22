/**
 * /api/users: the signed-in customer's own account: who they are, their profile, their password. The rest of
 * the prefix (the account's life cycle, the second factor, passkeys, ...) is composed beside it in
 * server/prefixes.ts.
 */
import { Hono } from 'hono';
import { PasswordChangeRequest, ProfileUpdateRequest } from '#domain/contract';
import { WRONG_CURRENT_PASSWORD_TEXT, checkCurrentPassword } from '../ways-in/current-password';
import { ensureAddressFree, mailNewAddressCode, newAddressCodeSentText, proveEmailChange } from './email-change';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { readAvatarField } from '../avatars/image';
import { saveAvatar } from '../avatars/repository';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../ways-in/common-passwords';
import { requireAuth } from '../ways-in/require-auth';
import { setPassword } from '../ways-in/new-password';
import type { UserWithAvatar } from '../db/schema';
import type { ResolvedSession } from '../ways-in/sessions';
import type { AppEnv } from '../http/app-env';
import { JSON_CONTENT_TYPE } from '../http/json';
import { PROFILE_BODY_LIMIT_BYTES } from '../avatars/body-limit';
import { SMALL_BODY } from '../http/body-read';
import { HttpError } from '../http/errors';
import { readForm, readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { normalizeEmail, updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';
import { MAIL_FAILED_TEXT } from './routes';

export const PASSWORDS_DIFFER_TEXT = 'The new passwords do not match.';
export const NO_PASSWORD_TEXT = 'This account has no password yet; it signs in with Google.';

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
  const { db, clock, sessions, limits, passwords } = services;
  const routes = new Hono<AppEnv>();
  // Per route, not `use('*')`: some user calls (record-visit, forgotten password) are open to visitors.
  const auth = requireAuth(sessions);

  routes.get('/authenticate', auth, (c) =>
    c.body(authenticateAnswer(c.get('auth'), services.config), 200, JSON_CONTENT_TYPE),
  );

  routes.patch('/profile/update', auth, async (c) => {
    const { user, token, session } = c.get('auth');
    // The picture's room besides the text fields; the app-wide limit for this route says the same in its words.
    const form = await readForm(c, { maxBytes: PROFILE_BODY_LIMIT_BYTES, maxFields: SMALL_BODY.maxFields });
    const body = validate(ProfileUpdateRequest, form);
    // Optional; checked by its content and size (413/415) before anything is written.
    const avatar = await readAvatarField((form as Record<string, unknown>).avatar);
    // Counted only when a picture is sent, before it is stored.
    if (avatar) await limits.charge([{ limit: limits.avatar.user, key: user.id }], { userId: user.id });
    const email = normalizeEmail(body.email);
    const emailChanged = email !== user.email;
    // Proof first: without it, not even whether the new address is taken is revealed.
    const useProof = emailChanged ? await proveEmailChange(services, user, body) : null;
    if (emailChanged) await ensureAddressFree(db, user.id, email);
    // The address does not change here: a code goes to the NEW one, and POST /verify/email-change makes it the
    // account's once the code comes back (server/account/email-change.ts). No mail, no change at all (503).
    const storeCode = emailChanged ? await mailNewAddressCode(services, user, email) : null;
    if (storeCode === null && emailChanged) throw new HttpError(503, MAIL_FAILED_TEXT);
    const now = clock.now();
    // The picture, the name and the new address's code together or not at all; no avatar sent keeps the old one.
    const updated = await db.transaction().execute(async (trx) => {
      if (useProof) await useProof(trx);
      if (avatar) await saveAvatar(trx, user.id, avatar, now);
      if (storeCode) await storeCode(trx);
      return updateUser(trx, user.id, { name: body.name.trim() }, now);
    });
    const answer = { user: toWireUser(updated, services.config, session.second_factor), token };
    if (!emailChanged) return c.json(answer, 200);
    return c.json({ ...answer, emailChange: { pending: email, message: { en: newAddressCodeSentText(email) } } }, 200);
  });

  routes.patch('/password/change', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(PasswordChangeRequest, await readJson(c));
    if (body.newPassword !== body.confirmPassword) throw new HttpError(400, PASSWORDS_DIFFER_TEXT);
    if (await isCommonPassword(body.newPassword)) throw new HttpError(400, COMMON_PASSWORD_TEXT);

    // A stolen session must not be able to guess the password (and so take the account over) at leisure:
    // the try is counted before the check, so parallel guesses cannot all be checked; the right one gives back.
    const check = await checkCurrentPassword(services, user, body.oldPassword);
    if (check === 'no_password') throw new HttpError(403, NO_PASSWORD_TEXT);
    if (check === 'wrong') {
      services.log.security('password.change_failed', { userId: user.id });
      throw new HttpError(403, WRONG_CURRENT_PASSWORD_TEXT);
    }

    const passwordHash = await passwords.hash(body.newPassword);
    const now = clock.now();
    // New hash, every old session ended (on every device) and the caller's new session, made with the factor the
    // old one was (docs/decisions/0030-staff-policy-asks-the-session.md): all or nothing.
    const { updated, token } = await db.transaction().execute(async (trx) => {
      const updated = await setPassword(trx, user.id, passwordHash, now);
      await sessions.revokeAllForUser(user.id, { db: trx });
      await queueAccountNotice(trx, services, user, { kind: 'password_changed' }, now);
      const { token } = await sessions.create(user.id, trx, session.second_factor);
      return { updated, token };
    });
    accountChanged(services, user, { kind: 'password_changed' });
    return c.json({ user: toWireUser(updated, services.config, session.second_factor), token }, 200);
  });

  return routes;
}
