import { expect, type Page } from '@playwright/test';

let counter = 0;
/** A fresh account for each test, so tests never depend on each other. */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return { name: `Test Customer ${counter}`, email: `customer-${id}@example.com`, password: 'correct horse battery' };
}

/** Opens a path and waits for the splash (at least 3 s) to give way to the app. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
}

export async function register(page: Page, account: ReturnType<typeof newAccount>) {
  await open(page, '/signup');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  await open(page, '/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}
