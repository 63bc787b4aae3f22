/**
 * Getting real access tokens from the local OpenID provider (server/dev/oidc.ts) the way the browser's
 * popup does, over HTTP: open the authorisation URL, submit the development login form with a login name,
 * follow the redirects (with the provider's cookies, kept in a tiny jar) until the provider sends the
 * browser to the site's callback, and read the tokens from that URL's fragment.
 */
import { randomUUID } from 'node:crypto';
import type { LocalOidcProvider } from '#server/dev/oidc';

export interface ObtainedToken {
  accessToken: string;
  /** Seconds, as the provider reported it in the fragment. */
  expiresIn: number;
  /** When the token was received (ms since the epoch). */
  receivedAt: number;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.split('=');
        return key.trim().toLowerCase() === 'expires' && Date.parse(date) <= Date.now();
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Drives the authorisation endpoint as the popup would; throws with the step that failed. */
export async function obtainToken(
  provider: LocalOidcProvider,
  options: { clientId: string; redirectUri: string; login: string; scope?: string },
): Promise<ObtainedToken> {
  const jar = new CookieJar();
  const state = randomUUID();
  const authorize = new URL(provider.authorizationUrl);
  for (const [key, value] of Object.entries({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'id_token token',
    scope: options.scope ?? 'openid email profile',
    state,
    nonce: randomUUID(),
    prompt: 'select_account',
  })) {
    authorize.searchParams.set(key, value);
  }

  const send = async (url: URL, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), Cookie: jar.header() },
    });
    jar.keep(res);
    return res;
  };

  let url = authorize;
  let res = await send(url);
  let submittedLogin = false;
  for (let step = 0; step < 10; step += 1) {
    if (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location') ?? '', url);
      await res.body?.cancel();
      if (location.href.startsWith(options.redirectUri)) {
        const fragment = new URLSearchParams(location.hash.slice(1));
        if (fragment.get('error')) throw new Error(`the provider answered ${fragment.get('error')}`);
        if (fragment.get('state') !== state) throw new Error('the callback did not carry our state');
        const accessToken = fragment.get('access_token');
        if (!accessToken) throw new Error(`no access_token in the callback: ${location.hash}`);
        return { accessToken, expiresIn: Number(fragment.get('expires_in')), receivedAt: Date.now() };
      }
      url = location;
      res = await send(url);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${url.pathname} answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`${url.pathname}: no form to submit`);
    // The development forms: the login form (any name, any password), and a consent form if one is shown.
    const fields: Record<string, string> =
      prompt === 'login' ? { prompt, login: options.login, password: 'any password' } : { prompt };
    if (prompt === 'login') {
      if (submittedLogin) throw new Error('the login form came back after it was submitted');
      submittedLogin = true;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    res = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  }
  throw new Error('the authorisation did not reach the callback within 10 steps');
}

/** The server settings that point Google sign-in at the local provider, for a client id it knows. */
export function googleSettings(provider: LocalOidcProvider, clientId: string) {
  return {
    OAUTH_CLIENT_ID: clientId,
    OAUTH_AUTHORIZATION_URL: provider.authorizationUrl,
    OAUTH_TOKENINFO_URL: provider.tokeninfoUrl,
    OAUTH_USERINFO_URL: provider.userinfoUrl,
    OAUTH_TIMEOUT_MS: 2000,
  };
}
