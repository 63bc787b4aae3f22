/**
 * Accounts with an authenticator app, made through the real API (docs/product.md#second-factor), and the codes
 * such an app shows, computed here from the secret the set-up answered, as a phone would (RFC 6238).
 */
import { Secret, TOTP } from 'otpauth';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeFrom } from './support';

/** The app's numbers: six digits, a new code every 30 seconds. */
const TOTP_PERIOD_MS = 30_000;
const codeOfStep = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: step * TOTP_PERIOD_MS });
const stepNow = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

export interface TwoFactorAccount {
  secret: string;
  recoveryCodes: string[];
  /** The last time step whose code the server accepted: each code works once, and none older. */
  lastStep: number;
}

/** Turns the app on for a signed-in account: set-up with the password, then the first code. */
export async function turnOnTwoFactor(
  request: APIRequestContext,
  token: string,
  password: string,
): Promise<TwoFactorAccount> {
  const headers = { authorization: `Bearer ${token}` };
  const setUp = await request.post('/api/users/two-factor/totp/setup', {
    headers,
    data: { currentPassword: password },
  });
  expect(setUp.status()).toBe(200);
  const { secret } = (await setUp.json()) as { secret: string };
  const step = stepNow();
  const enable = await request.post('/api/users/two-factor/totp/enable', {
    headers,
    data: { code: codeOfStep(secret, step) },
  });
  expect(enable.status()).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes, lastStep: step };
}

/**
 * A code the server takes now: the current one, or the next step's when the current one was used (the server
 * allows one step of drift either side), so a sign-in right after the set-up need not wait 30 s.
 */
export function nextCode(account: TwoFactorAccount): string {
  account.lastStep = Math.max(account.lastStep + 1, stepNow());
  return codeOfStep(account.secret, account.lastStep);
}

/** Six digits that are no code of the app around now. */
export function wrongCode(account: TwoFactorAccount): string {
  const near = new Set([-1, 0, 1, 2].map((offset) => codeOfStep(account.secret, stepNow() + offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * A new account made through the API, its address verified with the code of its sign-up mail, and its app on:
 * an identity of the local provider with the same address links to it (docs/product.md#google-sign-in), and
 * then asks for the app's code.
 */
export async function verifiedAccountWithTwoFactor(page: Page, email: string) {
  const password = 'correct horse battery';
  const form = { name: 'Test Customer', email, password };
  const registered = await page.request.post('/api/auth/register/email', { form });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const verified = await page.request.post('/api/users/verify/email', {
    headers: { authorization: `Bearer ${token}` },
    data: { code: await codeFrom(email, 0) },
  });
  expect(verified.status()).toBe(200);
  return { email, password, token, totp: await turnOnTwoFactor(page.request, token, password) };
}
