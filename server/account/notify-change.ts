/**
 * After a change that could hand an account to someone else (e-mail, password, a newly linked sign-in
 * method), the address the account had BEFORE the change is told, in the background: a failed send is
 * logged and never undoes the change. The change is also written to the security log.
 */
import { sendInBackground } from '../mail/mailer';
import { type SecurityChange, securityNoticeMail } from '../mail/security-notices';
import type { SecurityEvent } from '../log';
import type { Services } from '../services';

const EVENTS: Record<SecurityChange['kind'], SecurityEvent> = {
  email_changed: 'email.changed',
  password_changed: 'password.changed',
  password_reset: 'password.reset',
  identity_linked: 'identity.linked',
};

export function notifyAccountChange(
  services: Pick<Services, 'mailer' | 'log' | 'config'>,
  before: { id: string; email: string; name: string },
  change: SecurityChange,
  at: Date,
  logFields: Record<string, unknown> = {},
): void {
  services.log.security(EVENTS[change.kind], { userId: before.id, ...logFields });
  const message = securityNoticeMail({
    to: before.email,
    name: before.name,
    change,
    at,
    publicUrl: services.config.PUBLIC_URL,
  });
  // After the caller's transaction has committed and its answer is on its way.
  setImmediate(() => void sendInBackground(services.mailer, message, `security notice (${change.kind})`, services.log));
}
