/**
 * Runs the local OpenID provider (server/dev/oidc.ts) in Google's place for development:
 *
 *   npx tsx server/dev/oidc-main.ts
 *
 * Environment (all optional): OIDC_PORT (3999), OIDC_HOST (127.0.0.1), OAUTH_CLIENT_ID ('storefront-local'),
 * OIDC_REDIRECT_URIS (comma-separated; default `${PUBLIC_URL ?? 'http://localhost:5173'}/oauth-callback.html`).
 * It prints the OAUTH_* values to start the API server with. Stops on Ctrl-C / SIGTERM.
 */
import { startLocalOidcProvider } from './oidc';

function port(value: string | undefined): number {
  const parsed = Number(value?.trim() || 3999);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`OIDC_PORT must be a whole number from 0 to 65535, got "${value}".`);
  }
  return parsed;
}

async function main(): Promise<void> {
  const env = process.env;
  const clientId = env.OAUTH_CLIENT_ID?.trim() || 'storefront-local';
  const publicUrl = (env.PUBLIC_URL?.trim() || 'http://localhost:5173').replace(/\/+$/, '');
  const redirectUris = (env.OIDC_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  if (redirectUris.length === 0) redirectUris.push(`${publicUrl}/oauth-callback.html`);

  const provider = await startLocalOidcProvider({
    port: port(env.OIDC_PORT),
    host: env.OIDC_HOST?.trim() || '127.0.0.1',
    clientId,
    redirectUris,
  });
  console.log(`[oidc] local OpenID provider at ${provider.issuer}; callbacks: ${redirectUris.join(', ')}`);
  console.log('[oidc] start the API server with:');
  console.log(`  OAUTH_CLIENT_ID=${clientId}`);
  console.log(`  OAUTH_AUTHORIZATION_URL=${provider.authorizationUrl}`);
  console.log(`  OAUTH_TOKENINFO_URL=${provider.tokeninfoUrl}`);
  console.log(`  OAUTH_USERINFO_URL=${provider.userinfoUrl}`);
  console.log(
    '[oidc] any login name signs in (the password is not checked); names starting with "unverified" get an unverified e-mail.',
  );

  const stop = (signal: string) => {
    console.log(`[oidc] ${signal}: shutting down`);
    provider.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[oidc] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
