/**
 * The staff policy in the browser (docs/product.md#second-factor): the suite's second site asks staff for a
 * second factor (STAFF_REQUIRE_TWO_FACTOR=1 in playwright.config.ts). An office member signed in with the
 * password alone is told on /office how to get in instead of meeting lists the server refuses; signed in with
 * the authenticator app's step, the same member meets the office.
 */
import { execFileSync } from 'node:child_process';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { nextCode, turnOnTwoFactor } from './two-factor-account';
import { newAccount } from './support';

const other = process.env.E2E_OTHER_URL!;

test('an office member signed in without a second factor is sent to the profile; with one, meets the office', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: other });
  const account = newAccount();
  const registered = await api.post('/api/auth/register/email', {
    form: { name: account.name, email: account.email, password: account.password },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  execFileSync('npx', ['tsx', 'scripts/roles.ts', 'grant', 'office', account.email], {
    env: { ...process.env, DATA_DIR: process.env.E2E_OTHER_DATA_DIR, DATABASE_URL: undefined, LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });

  await page.goto(`${other}/`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${other}/office`);
  const notice = page.getByRole('status').filter({ hasText: 'sign in with your passkey or authenticator app' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Queue' })).toHaveCount(0);
  await notice.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();

  // The app turned on, the next sign-in asks for its code, and that session reaches the office.
  const app = await turnOnTwoFactor(api, token, account.password);
  const first = await api.post('/api/auth/login/email', { data: { email: account.email, password: account.password } });
  const { secondStep } = (await first.json()) as { secondStep: { kind: string; ticket: string } };
  expect(secondStep.kind).toBe('totp');
  const second = await api.post('/api/auth/login/second-step', {
    data: { ticket: secondStep.ticket, code: nextCode(app) },
  });
  expect(second.status()).toBe(200);
  const { token: strong } = (await second.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('token', value), strong);
  await page.goto(`${other}/office`);
  await expect(page.getByRole('tab', { name: 'Queue' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await api.dispose();
});
