/**
 * After a change that could hand an account to someone else (e-mail, password, a newly linked sign-in
 * method), the address the account had BEFORE the change is told. The notice is queued in the change's own
 * transaction (`queueAccountNotice`), so the change is never saved without it; once that commits,
 * `accountChanged` writes the security log line and sends the queued mail.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { type SecurityChange, securityNoticeMail } from '../mail/security-notices';
import type { SecurityEvent } from '../log';
import type { Services } from '../services';

const EVENTS: Record<SecurityChange['kind'], SecurityEvent> = {
  email_changed: 'email.changed',
  password_changed: 'password.changed',
  password_reset: 'password.reset',
  identity_linked: 'identity.linked',
  totp_enabled: 'two_factor.enabled',
  totp_disabled: 'two_factor.disabled',
  recovery_codes_regenerated: 'two_factor.recovery_codes_regenerated',
  recovery_code_used: 'two_factor.recovery_code_used',
  passkey_added: 'passkey.added',
  passkey_removed: 'passkey.removed',
};

/** The account before the change; `email_verified` 1 when its address is proven (the notice greets by name only then). */
type Before = { id: string; email: string; name: string; email_verified?: number };

/** Queues the notice to the address in place before the change; `db` is the change's transaction. */
export async function queueAccountNotice(
  db: Kysely<Database>,
  services: Pick<Services, 'config'>,
  before: Before,
  change: SecurityChange,
  at: Date,
): Promise<void> {
  const message = securityNoticeMail({
    to: before.email,
    // Nothing the customer typed goes to an address not yet proven to be theirs.
    name: before.email_verified === 1 ? before.name : null,
    change,
    at,
    publicUrl: services.config.PUBLIC_URL,
  });
  await enqueueMail(db, message, { kind: `security notice (${change.kind})`, now: at });
}

/** After the change (and its queued notice) committed: the security log, and the notice on its way. */
export function accountChanged(
  services: Pick<Services, 'log' | 'mail'>,
  before: Before,
  change: SecurityChange,
  logFields: Record<string, unknown> = {},
): void {
  services.log.security(EVENTS[change.kind], { userId: before.id, ...logFields });
  services.mail.kick();
}
