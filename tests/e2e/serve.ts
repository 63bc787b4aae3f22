/**
 * What the end-to-end suite runs as its web server: the real server (server/main.ts), plus the real
 * neighbours it talks to, on loopback only:
 * - an SMTP server (smtp-server) that writes every message it receives to E2E_MAIL_DIR, where tests read it;
 * - a stand-in for the third-party IP geolocation service (the one thing we cannot reach from here);
 * - the local OpenID provider, in Google's place.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startLocalOidcProvider } from '../../server/dev/oidc';

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

// A real OpenID provider in Google's place (server/dev/oidc.ts), with our callback page registered.
const oidc = await startLocalOidcProvider({
  clientId: 'storefront-e2e',
  redirectUris: [`${process.env.PUBLIC_URL}/oauth-callback.html`],
});
process.env.OAUTH_CLIENT_ID = 'storefront-e2e';
process.env.OAUTH_AUTHORIZATION_URL = oidc.authorizationUrl;
process.env.OAUTH_TOKENINFO_URL = oidc.tokeninfoUrl;
process.env.OAUTH_USERINFO_URL = oidc.userinfoUrl;

process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.GEOLOCATION_URL = `http://127.0.0.1:${geoPort}/json/`;
console.log(
  `[e2e] SMTP ${process.env.SMTP_URL}, geolocation ${process.env.GEOLOCATION_URL}, OpenID provider ${oidc.issuer}`,
);

await import('../../server/main');
