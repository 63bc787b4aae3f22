/**
 * A real OpenID Connect provider on loopback that stands in for Google in development and tests
 * (development tooling only: the production server never imports this file or oidc-provider).
 *
 * It speaks the parts of Google's protocol the site uses, so the server's production code path is the same
 * against both: the implicit flow's authorisation endpoint (`response_type=id_token token`, what the
 * browser's popup opens), the OpenID Connect userinfo endpoint, and a `GET /tokeninfo?access_token=` that
 * answers in the shape of Google's tokeninfo ({aud, azp, sub, exp, scope, email, email_verified}; unknown
 * or expired token: 400 {error: 'invalid_token'}).
 *
 * Sign-in uses oidc-provider's development login form, which accepts any login name (the password is not
 * checked), and consent is given automatically, so the popup shows the form once and then returns to the
 * site's callback with the tokens in the URL fragment. The login name decides the account:
 *   sub = the name; email = the name when it contains '@', else `${name}@example.test`;
 *   email_verified = false when the name starts with 'unverified', else true; name = `Test User ${name}`.
 * `prompt=select_account` (which the site sends, as Google supports it) shows the login form again even
 * when the provider remembers a sign-in, so another account can be chosen.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, {
  type Account,
  type Adapter,
  type AdapterPayload,
  type KoaContextWithOIDC,
  interactionPolicy,
} from 'oidc-provider';

interface LocalOidcClient {
  clientId: string;
  /** Exact callback URLs the provider may send tokens to. */
  redirectUris: string[];
}

export interface LocalOidcOptions extends LocalOidcClient {
  /** 0 (default): the OS chooses a free port. */
  port?: number;
  host?: string;
  /** More registered sites besides `clientId` (tests use one to get tokens issued to another site). */
  otherClients?: LocalOidcClient[];
  /** How long access tokens live, in seconds (default 3600, as Google's). */
  accessTokenTtlSeconds?: number;
}

export interface LocalOidcProvider {
  issuer: string;
  /** Where the browser's sign-in popup goes (OAUTH_AUTHORIZATION_URL). */
  authorizationUrl: string;
  /** OAUTH_TOKENINFO_URL. */
  tokeninfoUrl: string;
  /** OAUTH_USERINFO_URL. */
  userinfoUrl: string;
  stop(): Promise<void>;
}

const SCOPES = ['openid', 'email', 'profile'];

/** The claims of the account a login name signs in to (see the file's comment). */
function accountClaims(id: string) {
  return {
    sub: id,
    email: id.includes('@') ? id : `${id}@example.test`,
    email_verified: !id.startsWith('unverified'),
    name: `Test User ${id}`,
  };
}

function findAccount(_ctx: KoaContextWithOIDC, id: string): Account {
  return { accountId: id, claims: () => accountClaims(id) };
}

/** An in-memory store for the provider's tokens, sessions and grants, private to one provider instance. */
function memoryAdapter() {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const grants = new Map<string, Set<string>>();
  const uids = new Map<string, string>();
  const userCodes = new Map<string, string>();
  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
        entries.set(key(id), { payload, expiresAt });
        if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key(id)));
        if (model === 'Session' && payload.uid) uids.set(payload.uid, id);
        if (payload.userCode) userCodes.set(payload.userCode, id);
      },
      async find(id) {
        return read(key(id));
      },
      async findByUid(uid) {
        const id = uids.get(uid);
        return id === undefined ? undefined : read(key(id));
      },
      async findByUserCode(userCode) {
        const id = userCodes.get(userCode);
        return id === undefined ? undefined : read(key(id));
      },
      async consume(id) {
        const payload = read(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const member of grants.get(grantId) ?? []) entries.delete(member);
        grants.delete(grantId);
      },
    };
  };
}

/**
 * The default interaction policy, plus Google's `prompt=select_account`: requesting it asks for the login
 * form again (the development form is where an account is "selected").
 */
function interactions() {
  const { Check, Prompt, base } = interactionPolicy;
  const policy = base();
  const selectAccount = new Prompt({ name: 'select_account', requestable: true });
  // Never an interaction of its own (the development forms only know login and consent)...
  selectAccount.checks.clear();
  policy.add(selectAccount);
  // ...the login prompt handles it: once per authorisation request, until the form was submitted.
  policy
    .get('login')!
    .checks.push(
      new Check(
        'select_account',
        'account selection was requested',
        (ctx) => ctx.oidc.prompts.has('select_account') && ctx.oidc.result?.login === undefined,
      ),
    );
  return policy;
}

const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Google's tokeninfo, answered from the provider's own token store. */
async function tokeninfo(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const value = new URL(req.url ?? '/', 'http://localhost').searchParams.get('access_token') ?? '';
  const token = value ? await provider.AccessToken.find(value) : undefined;
  if (!token || token.isExpired || token.exp === undefined) {
    sendJson(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    return;
  }
  const scope = token.scope ?? '';
  const claims = accountClaims(token.accountId);
  const now = Math.floor(Date.now() / 1000);
  // Google writes the numbers and the boolean as strings.
  sendJson(res, 200, {
    azp: token.clientId,
    aud: token.clientId,
    sub: token.accountId,
    scope,
    exp: String(token.exp),
    expires_in: String(Math.max(0, token.exp - now)),
    ...(scope.split(' ').includes('email')
      ? { email: claims.email, email_verified: String(claims.email_verified) }
      : {}),
    access_type: 'online',
  });
}

/** The provider for `issuer`, and the request handler that serves it plus Google's tokeninfo. */
async function createHandler(
  issuer: string,
  { clientId, redirectUris, otherClients, accessTokenTtlSeconds }: Required<Omit<LocalOidcOptions, 'port' | 'host'>>,
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [{ clientId, redirectUris }, ...otherClients].map((client) => ({
      client_id: client.clientId,
      token_endpoint_auth_method: 'none',
      response_types: ['id_token token'],
      grant_types: ['implicit'],
      redirect_uris: client.redirectUris,
    })),
    responseTypes: ['id_token token'],
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount,
    adapter: memoryAdapter(),
    jwks: { keys: [signingKey] },
    // A fresh key per start: cookies of an earlier run are simply ignored.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      IdToken: 3600,
      Interaction: 10 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
    features: { devInteractions: { enabled: true } },
    interactions: { policy: interactions() },
    // Consent is given automatically: every registered site gets the scopes it asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session.accountId) return undefined;
      const grantId =
        (result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await self.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new self.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope(SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    // Only the server calls the provider's APIs; no browser needs CORS.
    clientBasedCORS: () => false,
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, unknown>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1>${Object.entries(
        out,
      )
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
        .join('')}</body></html>`;
    },
  });

  // oidc-provider refuses http and localhost callbacks for implicit-flow web clients; on loopback in
  // development that is exactly what we need (its documented recipe for development setups).
  const { invalidate } = provider.Client.Schema.prototype;
  provider.Client.Schema.prototype.invalidate = function (message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
  provider.on('server_error', (_ctx: unknown, error: unknown) => console.error('[oidc] server error:', error));

  const callback = provider.callback();
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/tokeninfo') {
      tokeninfo(provider, req, res).catch((error: unknown) => {
        console.error('[oidc] tokeninfo failed:', error);
        if (!res.headersSent) sendJson(res, 500, { error: 'server_error' });
        else res.destroy();
      });
      return;
    }
    callback(req, res);
  };
}

/** Starts the provider on `host:port` (port 0: any free port) and resolves once it accepts requests. */
export async function startLocalOidcProvider({
  port = 0,
  host = '127.0.0.1',
  clientId,
  redirectUris,
  otherClients = [],
  accessTokenTtlSeconds = 3600,
}: LocalOidcOptions): Promise<LocalOidcProvider> {
  // The provider needs its issuer URL (with the port the OS chose) before it exists: requests are routed
  // to it once it does.
  const route: { handle?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => {
    if (route.handle) route.handle(req, res);
    else sendJson(res, 503, { error: 'temporarily_unavailable' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostname = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const issuer = `http://${hostname}:${address.port}`;

  try {
    route.handle = await createHandler(issuer, { clientId, redirectUris, otherClients, accessTokenTtlSeconds });
  } catch (error) {
    server.close();
    throw error;
  }

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokeninfoUrl: `${issuer}/tokeninfo`,
    userinfoUrl: `${issuer}/me`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
