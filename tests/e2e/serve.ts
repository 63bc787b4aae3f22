/**
 * What the end-to-end suite runs as its web server: the real server (compiled, as `npm start` runs it), plus the real
 * neighbours it talks to, on loopback only:
 * - an SMTP server (smtp-server) that writes every message it receives to E2E_MAIL_DIR, where tests read it;
 * - a stand-in for the third-party IP geolocation service (the one thing we cannot reach from here);
 * - the local OpenID provider, in Google's place.
 *
 * With E2E_DATABASE=postgres it keeps its data in a throw-away PostgreSQL instead of SQLite.
 *
 * With E2E_SITE=other it is the second site of the suite, configured the other way: no Google sign-in
 * (no OAUTH_CLIENT_ID, so no provider either), and its own build of the client with the cookie banner's
 * accept-on-scroll switched on (VITE_CONSENT_ACCEPT_ON_SCROLL=1).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { startLocalOidcProvider } from '#server/dev/oidc';
import { startPostgres } from '../server/postgres';
import { DATABASE_URL_FILE } from './model/siteDatabase';

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error('E2E_MAIL_DIR is not set');
mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const file = join(mailDir, `${Date.now()}-${String(received).padStart(4, '0')}.eml`);
      writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

/** Answers like ipapi.co's JSON endpoint, with a fixed, recognisable place. */
export const STAND_IN_PLACE = {
  ip: '203.0.113.7',
  city: 'Manchester',
  region: 'England',
  country_code: 'GB',
  country_name: 'United Kingdom',
  postal: 'M1',
  latitude: 53.48,
  longitude: -2.24,
};
const geolocation = createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
  });
  response.end(JSON.stringify(STAND_IN_PLACE));
});
await new Promise<void>((resolve) => geolocation.listen(0, '127.0.0.1', resolve));
const geoPort = (geolocation.address() as AddressInfo).port;

let provider = 'none (Google sign-in off)';
if (process.env.E2E_SITE === 'other') {
  for (const name of ['OAUTH_CLIENT_ID', 'OAUTH_AUTHORIZATION_URL', 'OAUTH_TOKENINFO_URL', 'OAUTH_USERINFO_URL']) {
    delete process.env[name];
  }
  const outDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-other-dist-'));
  execFileSync(
    join('node_modules', '.bin', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: { ...process.env, VITE_CONSENT_ACCEPT_ON_SCROLL: '1' },
      stdio: 'inherit',
    },
  );
  process.env.STATIC_DIR = outDir;
} else {
  // A real OpenID provider in Google's place (server/dev/oidc.ts), with our callback page registered.
  const oidc = await startLocalOidcProvider({
    clientId: 'storefront-e2e',
    redirectUris: [`${process.env.PUBLIC_URL}/oauth-callback.html`],
  });
  process.env.OAUTH_CLIENT_ID = 'storefront-e2e';
  process.env.OAUTH_AUTHORIZATION_URL = oidc.authorizationUrl;
  process.env.OAUTH_TOKENINFO_URL = oidc.tokeninfoUrl;
  process.env.OAUTH_USERINFO_URL = oidc.userinfoUrl;
  provider = oidc.issuer;
}

// E2E_DATABASE=postgres: the site runs on a throw-away PostgreSQL of its own, as several instances would in
// production (started from the machine's packages; stopped by the exit hook when the server exits).
if (process.env.E2E_DATABASE === 'postgres') {
  const postgres = await startPostgres();
  process.env.DATABASE_URL = postgres.url;
  // Where the tests' operator commands (`npm run roles`) find this site's database.
  writeFileSync(join(process.env.DATA_DIR!, DATABASE_URL_FILE), postgres.url);
}

process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.GEOLOCATION_URL = `http://127.0.0.1:${geoPort}/json/`;
console.log(
  `[e2e] SMTP ${process.env.SMTP_URL}, geolocation ${process.env.GEOLOCATION_URL}, OpenID provider ${provider}, database ${process.env.DATABASE_URL ?? 'SQLite'}`,
);

// The compiled server, as `npm start` runs it (test:e2e builds it first).
await import(pathToFileURL(resolve('dist-server/main.js')).href);
