/** The office's staff (admins only): granting and revoking the office role, each change security-logged. */
import { Email } from '#domain/contract';
import { GrantRequest } from '#domain/officeContract';
import { isWellFormedId } from '../db/ids';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { validate } from '../http/validate';
import type { Services } from '../services';
import { grantRole, revokeRole } from '../users/roles';

export const STAFF_EMAIL_TEXT = 'Please enter the e-mail address of an existing account.';
export const GRANT_ROLE_TEXT = 'Only the office role is granted here (an operator makes admins with npm run roles).';
export const NO_ACCOUNT_TEXT = 'No account uses that e-mail address.';
export const ALREADY_ADMIN_TEXT = 'That account is an admin, which includes the office already.';
export const NO_STAFF_MEMBER_TEXT = 'No office member with that id.';
export const ADMIN_NOT_REVOKED_TEXT =
  'An admin cannot be revoked here. An operator can change it on the server with npm run roles.';

type StaffServices = Pick<Services, 'db' | 'clock' | 'log'>;

/** Grants the office role to the account of the body's e-mail address; 404 for none, 409 for an admin. */
export async function grantOffice({ db, clock, log }: StaffServices, input: unknown, actor: UserRow): Promise<void> {
  const body = validate(GrantRequest, input, { email: STAFF_EMAIL_TEXT, role: GRANT_ROLE_TEXT });
  if (!Email.is(body.email)) throw new HttpError(400, STAFF_EMAIL_TEXT);
  const result = await grantRole(db, { email: body.email }, body.role, clock.now());
  if (result.outcome === 'unknown') throw new HttpError(404, NO_ACCOUNT_TEXT);
  if (result.outcome === 'unchanged' && result.user.role === 'admin') throw new HttpError(409, ALREADY_ADMIN_TEXT);
  if (result.outcome === 'changed') {
    log.security('role.granted', {
      userId: result.user.id,
      role: result.user.role,
      previous: result.previous,
      by: actor.id,
      via: 'office',
    });
  }
}

/** Revokes the office role of the member of that id; 404 for no office member, 409 for an admin. */
export async function revokeOffice({ db, clock, log }: StaffServices, id: string, actor: UserRow): Promise<void> {
  if (!isWellFormedId(id)) throw new HttpError(404, NO_STAFF_MEMBER_TEXT);
  const result = await revokeRole(db, { id }, 'office', clock.now());
  if (result.outcome === 'is_admin') throw new HttpError(409, ADMIN_NOT_REVOKED_TEXT);
  if (result.outcome !== 'changed') throw new HttpError(404, NO_STAFF_MEMBER_TEXT);
  log.security('role.revoked', {
    userId: result.user.id,
    role: 'office',
    previous: result.previous,
    by: actor.id,
    via: 'office',
  });
}
