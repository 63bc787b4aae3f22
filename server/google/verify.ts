/**
 * Checks an access token the browser got from Google's sign-in popup, the way Google documents it for
 * the implicit flow: ask the tokeninfo endpoint what the token is (it must have been issued to OUR client
 * id, and still be live), then read the profile from the OpenID Connect userinfo endpoint with the token.
 * The same two calls work against the local OpenID provider of development and tests (server/dev/oidc.ts),
 * which answers tokeninfo in Google's shape.
 *
 * A token the provider refuses, issued to another site, or expired: 401. The provider unreachable, slow
 * (OAUTH_TIMEOUT_MS) or failing (5xx), or answering nonsense: 502.
 */
import { EMAIL_MAX, EMAIL_PATTERN } from '#domain/contract';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { ServerLog } from '../log';
import type { GoogleProfile } from '../ways-in/google-links';

export const GOOGLE_OFF_TEXT = 'Sign-in with Google is not available.';
export const GOOGLE_WRONG_AUDIENCE_TEXT = 'This Google sign-in was not meant for this site.';
export const GOOGLE_EXPIRED_TEXT = 'Your Google sign-in has expired. Please try again.';
export const GOOGLE_REFUSED_TEXT = 'Google did not accept this sign-in. Please try again.';
export const GOOGLE_UNREACHABLE_TEXT = 'Google could not be reached. Please try again.';
export const GOOGLE_NO_EMAIL_TEXT =
  'Google did not share the e-mail address of this account. Please try again and allow access to it.';

export type GoogleConfig = Pick<
  Config,
  'OAUTH_CLIENT_ID' | 'OAUTH_TOKENINFO_URL' | 'OAUTH_USERINFO_URL' | 'OAUTH_TIMEOUT_MS'
>;

type Json = Record<string, unknown>;

const unreachable = () => new HttpError(502, GOOGLE_UNREACHABLE_TEXT);
const refused = () => new HttpError(401, GOOGLE_REFUSED_TEXT);

/**
 * One GET to the provider: the JSON object of a 2xx answer, or null for a 4xx answer (the provider refused
 * the token). Network failure, timeout, 5xx or a body that is not a JSON object: 502.
 */
async function getJson(
  url: URL,
  config: GoogleConfig,
  log: ServerLog,
  headers: Record<string, string> = {},
): Promise<Json | null> {
  const endpoint = `${url.origin}${url.pathname}`;
  let res: Response;
  let body: unknown;
  try {
    // The signal also bounds reading the body, not only the wait for the headers.
    res = await fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(config.OAUTH_TIMEOUT_MS),
      redirect: 'error',
    });
    if (res.status >= 400 && res.status < 500) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      log.logger.error({ event: 'google.failed', endpoint, status: res.status }, `${endpoint} answered ${res.status}`);
      throw unreachable();
    }
    body = await res.json();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    log.logger.error({ event: 'google.failed', endpoint, reason }, `${endpoint} failed: ${reason}`);
    throw unreachable();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    log.logger.error({ event: 'google.failed', endpoint }, `${endpoint} answered something that is not a JSON object`);
    throw unreachable();
  }
  return body as Json;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Google writes numbers and booleans in tokeninfo as strings ("1767000000", "true"); userinfo uses JSON types. */
function seconds(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

function bool(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A plausible address (the provider's word is trusted; this only keeps nonsense out of the users table). */
function email(value: unknown): string | undefined {
  const address = text(value)?.trim().toLowerCase();
  return address && address.length <= EMAIL_MAX && EMAIL_PATTERN.test(address) ? address : undefined;
}

/**
 * Verifies the access token and returns the profile behind it. `now` is the server's clock (tests move it).
 * Throws HttpError: 503 when Google sign-in is not configured, 401 or 502 as described above.
 */
export async function verifyGoogleToken(
  config: GoogleConfig,
  accessToken: string,
  now: Date,
  log: ServerLog,
): Promise<GoogleProfile> {
  const clientId = config.OAUTH_CLIENT_ID;
  if (!clientId) throw new HttpError(503, GOOGLE_OFF_TEXT);

  const tokeninfoUrl = new URL(config.OAUTH_TOKENINFO_URL);
  tokeninfoUrl.searchParams.set('access_token', accessToken);
  const info = await getJson(tokeninfoUrl, config, log);
  if (!info) throw refused();

  // A token issued to another site must not sign anyone in here (the "confused deputy" of the implicit flow).
  if (info.aud !== clientId && info.azp !== clientId) throw new HttpError(401, GOOGLE_WRONG_AUDIENCE_TEXT);
  const exp = seconds(info.exp);
  const sub = text(info.sub);
  if (exp === undefined || sub === undefined) {
    log.logger.error({ event: 'google.failed', endpoint: 'tokeninfo' }, 'tokeninfo answered without exp or sub');
    throw unreachable();
  }
  if (exp * 1000 <= now.getTime()) throw new HttpError(401, GOOGLE_EXPIRED_TEXT);

  const profile = await getJson(new URL(config.OAUTH_USERINFO_URL), config, log, {
    Authorization: `Bearer ${accessToken}`,
  });
  if (!profile) throw refused();
  // Both answers must describe the same person.
  if (profile.sub !== sub) throw refused();

  const address = email(profile.email);
  if (address === undefined) throw new HttpError(401, GOOGLE_NO_EMAIL_TEXT);
  return {
    sub,
    email: address,
    emailVerified: bool(profile.email_verified),
    name: text(profile.name)?.trim() || null,
    picture: text(profile.picture) ?? null,
  };
}
