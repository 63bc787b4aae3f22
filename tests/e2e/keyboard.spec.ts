/**
 * The keyboard pass of issue 49, in Chromium against the real server: every dialog and menu gives the focus back
 * to the control that opened it, the account menu answers the arrow keys, the side menu keeps Tab inside, and the
 * first Tab presses reach "Skip to main content" and the cookie banner. Focus is read from
 * `document.activeElement`, at 1280 px and at 375 px wherever the control exists there.
 */
import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { paidOrder, staffAccount, tinyPdf } from './model/office';
import { existingAccount, openApp, withStoredToken } from './model/support';

const DESKTOP = 1280;
const PHONE = 375;

/** Whether the focused element is the one `target` finds: asked of `document.activeElement` itself. */
async function expectFocusOn(target: Locator) {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement), { timeout: 3000 }).toBe(true);
}

/** What has the focus, in words a failure can show: its tag and its name. */
function activeElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()} "${name}"`;
  });
}

/** A picture of the page now, for a person to look at (test-results/). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** Opens `path` at `width` with the cookie question answered (signed in with `token`, when given). */
async function openAt(page: Page, path: string, width: number, token?: string) {
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: test.info().project.use.baseURL! }]);
  if (token) await withStoredToken(page, token);
  await page.setViewportSize({ width, height: 800 });
  await openApp(page, path);
}

test.beforeEach(async ({ page }) => {
  // The splash's 3 s are run through on Playwright's clock (openApp); otherwise time passes as usual.
  await page.clock.install();
});

for (const width of [DESKTOP, PHONE]) {
  test(`the account menu answers the arrow keys and Escape gives focus back to the avatar at ${width} px`, async ({
    page,
  }, testInfo) => {
    const account = await existingAccount(page);
    await openAt(page, '/contact-us', width, account.token);
    const avatar = page.getByRole('button', { name: 'Account menu' });
    const menu = page.getByRole('menu', { name: 'Account' });
    const item = (name: string) => menu.getByRole('menuitem', { name });

    await avatar.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAccessibleDescription(account.name);
    await expectFocusOn(item('Edit Profile'));
    for (const [key, name] of [
      ['ArrowDown', 'Change Password'],
      ['ArrowDown', 'Invoices'],
      ['ArrowDown', 'Logout'],
      ['ArrowDown', 'Edit Profile'],
      ['ArrowUp', 'Logout'],
      ['Home', 'Edit Profile'],
      ['End', 'Logout'],
    ] as const) {
      await page.keyboard.press(key);
      await expectFocusOn(item(name));
    }
    await item('Invoices').focus();
    await shot(page, testInfo, `account-menu-open-${width}`);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await shot(page, testInfo, `account-menu-closed-${width}`);
    await expect.poll(() => activeElement(page)).toBe('button "Account menu"');
    await expectFocusOn(avatar);

    // Arrow up opens it on its last item; Tab leaves it closed, for the next control of the bar.
    await page.keyboard.press('ArrowUp');
    await expectFocusOn(item('Logout'));
    await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);
    expect(await activeElement(page)).not.toBe('body');
  });

  test(`the delete-account dialog gives focus back to Delete Account at ${width} px`, async ({ page }, testInfo) => {
    const account = await existingAccount(page);
    await openAt(page, '/profile', width, account.token);
    const opener = page.getByRole('button', { name: 'Delete Account' });
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await shot(page, testInfo, `delete-dialog-closed-${width}`);
    await expect.poll(() => activeElement(page)).toBe('button "Delete Account"');

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep my account' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocusOn(opener);
  });

  test(`the e-mail-change dialog gives focus back to what opened it at ${width} px`, async ({ page }, testInfo) => {
    const account = await existingAccount(page);
    await openAt(page, '/profile', width, account.token);
    const email = page.getByLabel('Email', { exact: true });
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Confirm your new e-mail address' });

    // Enter in the field opens it: Escape gives the field back.
    await email.fill(`new-${account.email}`);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await shot(page, testInfo, `email-dialog-closed-${width}`);
    await expectFocusOn(email);

    // 'Edit' opens it: Cancel gives 'Edit' back.
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => activeElement(page)).toBe('button "Edit"');
  });

  test(`the office's "Mark delivered?" gives focus back to Mark delivered at ${width} px`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const customer = await existingAccount(page);
    const report = await paidOrder(page, customer, 0, 'PDF Sent to Email');
    const staff = await staffAccount(page, 'office');
    const sent = await page.request.post(`/api/office/orders/${report.id}/report`, {
      headers: { authorization: `Bearer ${staff.token}` },
      multipart: { report: { name: 'audit.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Keyboard report') } },
    });
    expect(sent.status()).toBe(200);
    await openAt(page, `/office?order=${report.id}`, width, staff.token);
    const opener = page.getByTestId('order-detail').getByRole('button', { name: 'Mark delivered' });
    const dialog = page.getByRole('alertdialog', { name: 'Mark this order delivered?' });
    // Opening the order took the reader to its title; from there on the keyboard moves the focus.
    await expectFocusOn(page.getByTestId('order-detail').getByRole('heading', { level: 2 }));
    // The addressed order opens before its list; the desk takes a delivery once the list is in (a disabled
    // button takes no focus, and Enter would fall on the heading).
    await expect(opener).toBeEnabled();

    await opener.focus();
    await page.keyboard.press('Enter');
    await expectFocusOn(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await shot(page, testInfo, `deliver-dialog-closed-${width}`);
    await expect.poll(() => activeElement(page)).toBe('button "Mark delivered"');

    await page.keyboard.press('Enter');
    await expectFocusOn(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocusOn(opener);
    // With the pointer, too.
    await opener.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expectFocusOn(opener);
  });

  test(`the bell and "Sign out everywhere else?" give focus back to their buttons at ${width} px`, async ({ page }) => {
    const account = await existingAccount(page);
    await openAt(page, '/profile', width, account.token);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    // The list has been read: the bell opens.
    await expect(bell).toHaveAttribute('aria-busy', 'false');
    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Notifications list' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Notifications list' })).toHaveCount(0);
    await expectFocusOn(bell);

    const signOut = page.getByRole('button', { name: 'Sign out everywhere' });
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expectFocusOn(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expectFocusOn(signOut);
  });

  test(`the first Tabs reach "Skip to main content", then the cookie banner's Decline, at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await openApp(page, '/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();

    await page.keyboard.press('Tab');
    await expect.poll(() => activeElement(page)).toBe('a "Skip to main content"');
    await shot(page, testInfo, `skip-link-${width}`);
    // Past the banner's link to the privacy policy, the next Tab is Decline.
    await page.keyboard.press('Tab');
    await expectFocusOn(banner.getByRole('link', { name: 'Privacy Policy' }));
    await page.keyboard.press('Tab');
    await expectFocusOn(banner.getByRole('button', { name: 'Decline' }));
    await shot(page, testInfo, `cookie-decline-${width}`);
  });

  test(`"Skip to main content" moves the focus to the page's main part at ${width} px`, async ({ page }) => {
    for (const path of ['/', '/contact-us', '/signin']) {
      await openAt(page, path, width);
      // The screen's code has come: its main part is drawn.
      await expect(page.locator('main')).toHaveCount(1);
      await page.keyboard.press('Tab');
      await expect.poll(() => activeElement(page), { message: path }).toBe('a "Skip to main content"');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeInViewport();
      await page.keyboard.press('Enter');
      await expectFocusOn(page.locator('main'));
      // The next Tab goes on from the main part, not from the top bar.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement)), path).toBe(
        true,
      );
    }
  });
}

test('the side menu keeps Tab inside and gives focus back to the menu button at 375 px', async ({ page }, testInfo) => {
  await openAt(page, '/', PHONE);
  const burger = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const inMenu = () => menu.evaluate((el) => el.contains(document.activeElement));

  await burger.focus();
  await page.keyboard.press('Enter');
  await expectFocusOn(menu.getByRole('button', { name: 'Close menu' }));
  // Shift+Tab from the first control goes round to the last one: Sign In.
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(menu.getByRole('link', { name: 'Sign In' }));
  await shot(page, testInfo, `side-menu-last-${PHONE}`);
  // Once round and further: never behind the menu ("Get started" in the hero).
  const count = await menu.locator('a, button').count();
  for (let press = 0; press <= count; press += 1) {
    await page.keyboard.press('Tab');
    expect(await inMenu(), `Tab ${press + 1} is on ${await activeElement(page)}`).toBe(true);
  }
  await shot(page, testInfo, `side-menu-round-${PHONE}`);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expectFocusOn(burger);
});
