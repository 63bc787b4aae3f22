/**
 * What the site and its documents say (issue 49, "What the site says"), read as a customer reads it: the legal
 * pages say what the site keeps and which version applies, the footer links to the company's own pages, the
 * invoice PDF reads as a document, one field keeps one name, and each screen says a thing once.
 */
import { expect, test } from '@playwright/test';
import { TERMS_EFFECTIVE_DATE, TERMS_VERSION } from '#domain/policies';
import { open } from './support';

test.describe('the legal pages', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the privacy policy names what the site keeps now, and "Download my data" for a copy', async ({ page }) => {
    await open(page, '/privacy-policy');
    await expect(page.getByText('Last updated: November 29 2026')).toBeVisible();
    const kept = page.locator('#data-we-keep');
    for (const thing of ['Billing details:', 'VAT number', 'authenticator app', 'recovery codes', 'passkey']) {
      await expect(kept, thing).toContainText(thing);
    }
    await expect(kept).toContainText('Invoice documents:');
    // A copy of one's data is a button on the profile, not an e-mail to support.
    const rights = page.locator('#your-rights');
    await expect(rights).toContainText('“Download my data” on your profile page');
    await expect(rights).toContainText('To use any other right');
    // What is deleted with an account names the ways in, and what stays is said truly.
    const deletion = page.locator('#account-deletion');
    await expect(deletion).toContainText('billing details, authenticator app, recovery codes, passkeys');
    await expect(page.locator('#retention')).not.toContainText('without your name, e-mail address');
  });

  test('the Terms of Service show their version and the date it took effect at the top', async ({ page }) => {
    await open(page, '/terms');
    const heading = page.getByRole('heading', { level: 1, name: 'Terms of Service' });
    const version = page.getByText(`Version ${TERMS_VERSION}, in force from ${TERMS_EFFECTIVE_DATE}`);
    await expect(version).toBeVisible();
    // At the top: right under the title, above the first section.
    const [title, line, first] = await Promise.all([
      heading.boundingBox(),
      version.boundingBox(),
      page.locator('#about-these-terms').boundingBox(),
    ]);
    expect(line!.y).toBeGreaterThan(title!.y);
    expect(line!.y).toBeLessThan(first!.y);
    await expect(page.locator('#changes')).toContainText('numbered and dated at the top of this page');
  });
});

test.describe('the footer', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("links no social network's front page: only the company's own pages, and none when unset", async ({ page }) => {
    await open(page, '/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    const addresses = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const networks = addresses.map((href) => new URL(href)).filter((url) => /linkedin|x\.com|github/.test(url.host));
    for (const url of networks) expect(url.pathname.replace(/\/+$/, ''), url.href).not.toBe('');
    // This build sets no company page (docs/configuration.md): so no network is linked, and no empty heading stays.
    expect(networks).toEqual([]);
    await expect(footer.getByRole('heading', { name: 'Follow us' })).toHaveCount(0);
  });
});
