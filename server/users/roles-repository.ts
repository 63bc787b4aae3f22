/** The users table as the staff roles read and change it (server/users/roles.ts). */
import type { Kysely } from 'kysely';
import type { Role } from '#domain/orders';
import type { StaffMember } from '#domain/officeContract';
import type { Database } from '../db/schema';
import { normalizeEmail } from './repository';

/** An account named by its e-mail address or its id. */
export type StaffMemberKey = { email: string } | { id: string };

/** The account's id, name, e-mail and role. */
export async function findStaffMember(db: Kysely<Database>, who: StaffMemberKey): Promise<StaffMember | undefined> {
  const query = db.selectFrom('users').select(['id', 'name', 'email', 'role']);
  return 'email' in who
    ? query.where('email', '=', normalizeEmail(who.email)).executeTakeFirst()
    : query.where('id', '=', who.id).executeTakeFirst();
}

/** Sets `to` when the role is still `user.role`; false when it changed meanwhile. */
export async function setRole(db: Kysely<Database>, user: StaffMember, to: Role, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role: to, updated_at: now.toISOString() })
    .where('id', '=', user.id)
    .where('role', '=', user.role)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Every office and admin account: admins first, then by name. */
export function findStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('role', 'in', ['office', 'admin'])
    .orderBy('role', 'asc')
    .orderBy('name', 'asc')
    .orderBy('email', 'asc')
    .execute();
}
