/**
 * Granting and revoking the staff roles (domain/orders.ts ROLES), for `npm run roles` (any role) and the
 * office's staff page (an admin grants and revokes office only). Each change is one conditional UPDATE on
 * the role it was decided from, so two changes at once cannot both apply to the same account, and it is
 * written to the security log by the caller, which knows who asked.
 */
import type { Kysely } from 'kysely';
import type { Role } from '#domain/orders';
import type { StaffMember } from '#domain/officeContract';
import type { Database } from '../db/schema';
import { type StaffMemberKey, findStaff, findStaffMember, setRole } from './roles-repository';

export type StaffRole = Exclude<Role, 'common'>;

export type RoleChange =
  /** The role was changed from `previous`. */
  | { outcome: 'changed'; user: StaffMember; previous: Role }
  /** The account already was as asked (or, for office, an admin, which includes it): nothing changed. */
  | { outcome: 'unchanged'; user: StaffMember }
  /** Revoking office from an admin, who keeps the office's access as an admin: refused. */
  | { outcome: 'is_admin'; user: StaffMember }
  | { outcome: 'unknown' };

type Finder = StaffMemberKey;

/** An admin includes the office: granting office to an admin changes nothing (it would take admin away). */
export async function grantRole(db: Kysely<Database>, who: Finder, role: StaffRole, now: Date): Promise<RoleChange> {
  for (;;) {
    const user = await findStaffMember(db, who);
    if (!user) return { outcome: 'unknown' };
    if (user.role === role || (role === 'office' && user.role === 'admin')) return { outcome: 'unchanged', user };
    if (await setRole(db, user, role, now)) return { outcome: 'changed', user: { ...user, role }, previous: user.role };
    // Changed by someone else between the read and the write: decide again on the new role.
  }
}

/** Back to a customer ('common'). Revoking office from an admin is refused: revoke admin for that. */
export async function revokeRole(db: Kysely<Database>, who: Finder, role: StaffRole, now: Date): Promise<RoleChange> {
  for (;;) {
    const user = await findStaffMember(db, who);
    if (!user) return { outcome: 'unknown' };
    if (role === 'office' && user.role === 'admin') return { outcome: 'is_admin', user };
    if (user.role !== role) return { outcome: 'unchanged', user };
    if (await setRole(db, user, 'common', now)) {
      return { outcome: 'changed', user: { ...user, role: 'common' }, previous: user.role };
    }
  }
}

/** Every office and admin account: admins first, then by name. */
export function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  return findStaff(db);
}
