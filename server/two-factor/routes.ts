/**
 * /api/users/two-factor (composed in server/prefixes.ts): the profile's Security section for an authenticator
 * app (docs/product.md#second-factor). Set-up and removal need the owner's proof (server/ways-in/owner-proof.ts);
 * the app's codes and recovery codes are checked under the code limits; every change is mailed to the account
 * and written to the security log, never with a secret or a code in it. The handlers' work is in ./setup.ts
 * and ./changes.ts.
 */
import { Hono } from 'hono';
import { TwoFactorCodeRequest, TwoFactorSetupRequest, TwoFactorDisableRequest } from '#domain/twoFactorContract';
import type { AppEnv } from '../http/app-env';
import { clientAddress } from '../http/client-address';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { OWNER_PROOF_FIELDS } from '../ways-in/owner-proof';
import { requireAuth } from '../ways-in/require-auth';
import { disableApp, renewRecoveryCodes } from './changes';
import { enableApp, sendOwnerCode, startSetup, twoFactorStatus } from './setup';

// The browser tests (tests/e2e/model) read the section's texts from its router.
export { TOTP_DISABLED_TEXT, TWO_FACTOR_CODE_WRONG_TEXT } from './changes';
export { TOTP_CODE_WRONG_TEXT, twoFactorCodeSentText } from './setup';

export const TWO_FACTOR_CODE_FIELD_TEXT =
  'Please enter the code your authenticator app shows now, or one of your recovery codes.';

/** A malformed code gets the same answer as a wrong one; a missing proof says what is needed. */
const FIELDS = { ...OWNER_PROOF_FIELDS, twoFactorCode: TWO_FACTOR_CODE_FIELD_TEXT };

export function twoFactorRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);
  const address = (c: Parameters<typeof clientAddress>[0]) => clientAddress(c, services.config.TRUST_PROXY);

  routes.get('/', auth, async (c) => c.json(await twoFactorStatus(services, c.get('auth')), 200));

  routes.post('/code', auth, async (c) => c.json(await sendOwnerCode(services, c.get('auth').user), 200));

  routes.post('/totp/setup', auth, async (c) => {
    const body = validate(TwoFactorSetupRequest, await readJson(c), FIELDS);
    return c.json(await startSetup(services, c.get('auth').user, body), 200);
  });

  routes.post('/totp/enable', auth, async (c) => {
    const body = validate(TwoFactorCodeRequest, await readJson(c), FIELDS);
    return c.json(await enableApp(services, c.get('auth'), body, address(c)), 200);
  });

  routes.post('/recovery-codes', auth, async (c) => {
    const body = validate(TwoFactorCodeRequest, await readJson(c), FIELDS);
    return c.json(await renewRecoveryCodes(services, c.get('auth'), body, address(c)), 200);
  });

  routes.post('/disable', auth, async (c) => {
    const body = validate(TwoFactorDisableRequest, await readJson(c), FIELDS);
    return c.json(await disableApp(services, c.get('auth'), body, address(c)), 200);
  });

  return routes;
}
