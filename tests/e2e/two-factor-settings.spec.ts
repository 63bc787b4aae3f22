/**
 * The profile's Security section at a phone's width and a laptop's (375 and 1280 px) in Chromium against the
 * real server: the authenticator app's set-up with its QR code and secret, and the recovery codes, fit the
 * page (nothing wider than the viewport, nothing cut); a full-page screenshot of each is saved for a person.
 */
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { existingAccount, openApp, withStoredToken } from './model/support';

/** What sticks out of the page sideways; an empty list when nothing does. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll('[data-testid="totp-settings"] *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width > 1 && (rect.left < -1 || rect.right > width + 1)) {
        problems.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`,
        );
      }
    }
    return problems;
  });
}

for (const width of [375, 1280]) {
  test(`security section at ${width} px: the set-up and the recovery codes fit`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await page.clock.install();
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    await openApp(page, '/profile');
    await expect(
      page.getByRole('region', { name: 'Security' }).getByRole('heading', { name: 'Security' }),
    ).toBeVisible();
    // The authenticator app's block of the section (the passkeys' block stands beside it).
    const security = page.getByTestId('totp-settings');
    await expect(security.getByText('Authenticator app: off')).toBeVisible();

    await security.getByRole('button', { name: 'Set up authenticator app' }).click();
    await security.getByLabel('Current password').fill(account.password);
    await security.getByRole('button', { name: 'Continue' }).click();
    await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await security.getByTestId('totp-secret').innerText()).replaceAll(' ', '');
    expect(await overflow(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`security-setup-${width}.png`), fullPage: true });

    const code = TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await security.getByLabel('Code from the app').fill(code);
    await security.getByRole('button', { name: 'Turn on' }).click();
    await expect(security.getByRole('listitem')).toHaveCount(10);
    expect(await overflow(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`security-codes-${width}.png`), fullPage: true });

    await security.getByRole('button', { name: 'I have saved them' }).click();
    await expect(security.getByText(/^Authenticator app: on since .+, 10 recovery codes left$/)).toBeVisible();
    expect(await overflow(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`security-on-${width}.png`), fullPage: true });
  });
}
