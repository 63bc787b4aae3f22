/**
 * `npm run roles`: the operator's way to make the first admin (and any other role change) on the server
 * itself, where no admin exists yet to do it in the office page. It works on the configured database
 * (DATABASE_URL or DATA_DIR) like the server, and writes each change to the security log.
 *
 *   npm run roles -- grant admin|office <email>
 *   npm run roles -- revoke admin|office <email>
 *   npm run roles -- list
 *
 * Exit codes: 0 done (or nothing to do), 1 refused (no such account; office revoked from an admin), 2 the
 * command itself is wrong (printed with the usage).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import { type StaffRole, grantRole, listStaff, revokeRole } from './roles';

export const ROLES_USAGE = [
  'Usage:',
  '  npm run roles -- grant admin|office <email>    give the account that role',
  '  npm run roles -- revoke admin|office <email>   make the account a customer again',
  '  npm run roles -- list                          list the office and admin accounts',
].join('\n');

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

export interface RolesCommandDeps {
  db: Kysely<Database>;
  log: ServerLog;
  now: () => Date;
  /** What the operator reads (standard output); errors go to `error` (standard error). */
  print: (line: string) => void;
  error: (line: string) => void;
}

function isStaffRole(value: string | undefined): value is StaffRole {
  return value === 'admin' || value === 'office';
}

export async function runRolesCommand(args: readonly string[], deps: RolesCommandDeps): Promise<number> {
  const { db, log, print, error } = deps;
  const [action, role, email, ...rest] = args;
  const usage = (problem: string) => {
    error(`${problem}\n\n${ROLES_USAGE}`);
    return EXIT_USAGE;
  };

  if (action === 'list' && role === undefined) {
    const staff = await listStaff(db);
    if (staff.length === 0) print('No office or admin accounts yet.');
    for (const member of staff) print(`${member.role.padEnd(6)}  ${member.email}  (${member.name})`);
    return EXIT_OK;
  }
  if (action !== 'grant' && action !== 'revoke') {
    return usage(action === undefined ? 'Say what to do: grant, revoke or list.' : `Unknown command "${action}".`);
  }
  if (!isStaffRole(role)) {
    return usage(role === undefined ? 'Say which role: admin or office.' : `Unknown role "${role}": admin or office.`);
  }
  if (email === undefined || email.trim() === '') return usage("Say whose role: the account's e-mail address.");
  if (rest.length > 0) return usage(`Unexpected argument(s): ${rest.join(' ')}.`);

  const result =
    action === 'grant'
      ? await grantRole(db, { email }, role, deps.now())
      : await revokeRole(db, { email }, role, deps.now());
  switch (result.outcome) {
    case 'unknown':
      error(`No account uses the e-mail address ${email.trim()}. It must sign up on the site first.`);
      return EXIT_REFUSED;
    case 'is_admin':
      error(`${result.user.email} is an admin, which includes the office: revoke admin to take both away.`);
      return EXIT_REFUSED;
    case 'unchanged':
      print(
        action === 'grant'
          ? `${result.user.email} is ${result.user.role === 'admin' ? 'an admin' : `already ${role}`}: nothing changed.`
          : `${result.user.email} is not ${role} (role: ${result.user.role}): nothing changed.`,
      );
      return EXIT_OK;
    case 'changed':
      log.security(action === 'grant' ? 'role.granted' : 'role.revoked', {
        userId: result.user.id,
        role,
        previous: result.previous,
        by: null,
        via: 'cli',
      });
      print(
        action === 'grant'
          ? `Granted ${role} to ${result.user.email} (${result.user.name}); it was ${result.previous}.`
          : `Revoked ${role} from ${result.user.email} (${result.user.name}); it is now a customer account.`,
      );
      return EXIT_OK;
  }
}
