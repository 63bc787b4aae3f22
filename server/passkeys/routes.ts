/**
 * Passkeys (WebAuthn; docs/product.md#passkeys, docs/decisions/0029-passkeys.md), in two routers mounted by the
 * one router of each prefix: the signed-in account's own passkeys under /api/users/passkeys (added, listed,
 * renamed, removed), and the sign-in with one under /api/auth/passkey. The relying party is PUBLIC_URL's
 * (server/passkeys/relying-party.ts); the ceremonies' challenges are in server/ways-in/passkey-challenges.ts.
 */
import { Hono } from 'hono';
import {
  PASSKEY_NAME_MAX,
  type Passkey,
  type PasskeyRegistrationOptions,
  PasskeyRegistrationOptionsRequest,
  PasskeyRemoveRequest,
  PasskeyRegistrationRequest,
  PasskeyRenameRequest,
  type PasskeySignInOptions,
  PasskeySignInRequest,
} from '#domain/passkeyContract';
import type { AppEnv } from '../http/app-env';
import { clientAddress } from '../http/client-address';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { OWNER_PROOF_FIELDS } from '../ways-in/owner-proof';
import { requireAuth } from '../ways-in/require-auth';
import { passkeyTools } from './ceremony';
import { listOwnPasskeys, removeOwnPasskey, renameOwnPasskey } from './management';
import { addPasskey, registrationOptions } from './registration';
import { signInOptions, signInWithPasskey } from './sign-in';
import { MALFORMED_TEXT } from './verify';

export const NAME_TEXT = `Please name the passkey (1 to ${PASSKEY_NAME_MAX} characters).`;

/** /api/users/passkeys: the signed-in account's passkeys. */
export function passkeyRoutes(services: Services) {
  const tools = passkeyTools(services);
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);

  routes.get('/', auth, async (c) =>
    c.json((await listOwnPasskeys(services, c.get('auth').user.id)) satisfies Passkey[], 200),
  );

  routes.post('/registration/options', auth, async (c) => {
    const body = validate(PasskeyRegistrationOptionsRequest, await readJson(c), OWNER_PROOF_FIELDS);
    const options = await registrationOptions(services, tools, c.get('auth').user, body);
    return c.json(options satisfies PasskeyRegistrationOptions, 200);
  });

  routes.post('/registration', auth, async (c) => {
    const body = validate(PasskeyRegistrationRequest, await readJson(c), { name: NAME_TEXT, response: MALFORMED_TEXT });
    return c.json((await addPasskey(services, tools, c.get('auth'), body)) satisfies Passkey, 201);
  });

  routes.patch('/:id', auth, async (c) => {
    const body = validate(PasskeyRenameRequest, await readJson(c), { name: NAME_TEXT });
    const renamed = await renameOwnPasskey(services, c.get('auth').user.id, c.req.param('id'), body.name);
    return c.json(renamed satisfies Passkey, 200);
  });

  routes.delete('/:id', auth, async (c) => {
    const body = validate(PasskeyRemoveRequest, await readJson(c), OWNER_PROOF_FIELDS);
    await removeOwnPasskey(services, c.get('auth'), c.req.param('id'), body);
    return c.body(null, 204);
  });

  return routes;
}

/** /api/auth/passkey: signing in with a passkey, no e-mail asked (discoverable credentials). */
export function passkeySignInRoutes(services: Services) {
  const tools = passkeyTools(services);
  const routes = new Hono<AppEnv>();

  routes.post('/options', async (c) => c.json((await signInOptions(tools)) satisfies PasskeySignInOptions, 200));

  routes.post('/', async (c) => {
    const body = validate(PasskeySignInRequest, await readJson(c), { response: MALFORMED_TEXT });
    const address = clientAddress(c, services.config.TRUST_PROXY);
    return c.json(await signInWithPasskey(services, tools, body, address), 200);
  });

  return routes;
}
