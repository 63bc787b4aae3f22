import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { ClientConfig } from '#domain/contract';
import { ASSET_PATH, cleanup, createTestServer } from './helpers';

afterAll(cleanup);

const HTML = { Accept: 'text/html' };

async function clientConfig(app: Awaited<ReturnType<typeof createTestServer>>['app']): Promise<ClientConfig> {
  const res = await app.request('/api/client-config');
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  const body: unknown = await res.json();
  assert(body, ClientConfig);
  return body;
}

function connectSrc(res: Response): string {
  const policy = res.headers.get('Content-Security-Policy') ?? '';
  const directive = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('connect-src '));
  return directive ?? '';
}

describe('GEOLOCATION_URL', () => {
  it('defaults to ipapi.co, is switched off by the empty string, and must be an http(s) URL', () => {
    expect(loadConfig({}).GEOLOCATION_URL).toBe('https://ipapi.co/json/');
    expect(loadConfig({ GEOLOCATION_URL: '' }).GEOLOCATION_URL).toBeNull();
    expect(loadConfig({ GEOLOCATION_URL: '  ' }).GEOLOCATION_URL).toBeNull();
    expect(loadConfig({ GEOLOCATION_URL: 'http://127.0.0.1:8089/geo/' }).GEOLOCATION_URL).toBe(
      'http://127.0.0.1:8089/geo/',
    );
    expect(() => loadConfig({ GEOLOCATION_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOLOCATION_URL: 'ftp://geo.example/' })).toThrow(/GEOLOCATION_URL/);
  });
});

describe('GET /api/client-config', () => {
  it('hands out the default geolocation URL, and lets the browser connect to its origin only', async () => {
    const { app } = await createTestServer();
    expect(await clientConfig(app)).toEqual({ geolocationUrl: 'https://ipapi.co/json/', google: null });
    for (const res of [
      await app.request('/api/client-config'),
      await app.request('/', { headers: HTML }),
      await app.request(ASSET_PATH),
    ]) {
      expect(connectSrc(res)).toBe("connect-src 'self' https://ipapi.co");
    }
  });

  it('hands out a configured URL and adds only its origin (not its path or query) to connect-src', async () => {
    const { app } = await createTestServer({
      GEOLOCATION_URL: loadConfig({ GEOLOCATION_URL: 'https://geo.example:8443/v1/json?fields=city' }).GEOLOCATION_URL,
    });
    expect(await clientConfig(app)).toEqual({
      geolocationUrl: 'https://geo.example:8443/v1/json?fields=city',
      google: null,
    });
    const api = await app.request('/api/users/authenticate');
    expect(api.status).toBe(401);
    expect(connectSrc(api)).toBe("connect-src 'self' https://geo.example:8443");
    const page = await app.request('/signin', { headers: HTML });
    expect(page.status).toBe(200);
    expect(connectSrc(page)).toBe("connect-src 'self' https://geo.example:8443");
    // The rest of the policy is unchanged.
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });

  it('answers null when the lookup is switched off, and connect-src is our origin alone', async () => {
    const { app } = await createTestServer({ GEOLOCATION_URL: loadConfig({ GEOLOCATION_URL: '' }).GEOLOCATION_URL });
    expect(await clientConfig(app)).toEqual({ geolocationUrl: null, google: null });
    expect(connectSrc(await app.request('/api/client-config'))).toBe("connect-src 'self'");
    expect(connectSrc(await app.request('/', { headers: HTML }))).toBe("connect-src 'self'");
  });

  it('hands out the Google sign-in settings when OAUTH_CLIENT_ID is set', async () => {
    const { app } = await createTestServer({
      OAUTH_CLIENT_ID: 'storefront-local',
      OAUTH_AUTHORIZATION_URL: 'http://127.0.0.1:3999/auth',
    });
    expect(await clientConfig(app)).toEqual({
      geolocationUrl: 'https://ipapi.co/json/',
      google: { authorizationUrl: 'http://127.0.0.1:3999/auth', clientId: 'storefront-local' },
    });
  });
});
