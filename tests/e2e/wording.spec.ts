/**
 * What the site and its documents say (issue 49, "What the site says"), read as a customer reads it: the legal
 * pages say what the site keeps and which version applies, the footer links to the company's own pages, the
 * invoice PDF reads as a document, one field keeps one name, and each screen says a thing once.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { TERMS_EFFECTIVE_DATE, TERMS_VERSION } from '#domain/policies';
import { paidOrder, roles } from './model/office';
import { existingAccount, withStoredToken } from './model/support';
import { readable } from './office-support';
import { mailsTo, open } from './support';

/** A real 2x2 PNG, small enough to read. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

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

test.describe('the invoice PDF', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('names its number as the reference, states the delivery as a bill does, the e-mail after the address', async ({
    page,
  }) => {
    const customer = await existingAccount(page);
    const billing = await page.request.put('/api/users/billing', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { billingName: 'Analytical Engines Ltd', address: '1 Difference Road\nLondon\nN1 9GU', vatNumber: '' },
    });
    expect(billing.status()).toBe(200);
    const order = await paidOrder(page, customer, 0, 'PDF Sent to Email');
    await withStoredToken(page, customer.token);
    await open(page, '/invoices');
    const card = page.getByTestId('invoice-number').first();
    const number = (await card.textContent())!;
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /Download invoice \(PDF\)/ })
      .first()
      .click();
    const bytes = readFileSync(await (await download).path());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const words = text.replace(/\s+/g, ' ');

    expect(words).toContain(`Receipt number ${number}`);
    expect(words).not.toContain(order.id);
    expect(words).not.toMatch(/Invoice ID|on the site/);
    expect(words).toContain('Report sent by e-mail');
    expect(words).not.toContain('my email');
    expect(words).toContain(`Billed to Analytical Engines Ltd 1 Difference Road London N1 9GU ${customer.email}`);
  });
});

test.describe('one field, one name', () => {
  test('the website or application given is "App URL" at checkout, in the receipt and in the office', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const site = 'https://engines.example/app';
    const customer = await existingAccount(page);
    const created = await page.request.post('/api/invoices/create', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { amount: 49, title: 'Website Development Consultation', type: 'Video Meeting', url: site },
    });
    expect(created.status()).toBe(201);
    const { paymentLink } = (await created.json()) as { paymentLink: string };
    const id = new URL(paymentLink).pathname.split('/').pop()!;

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(paymentLink);
    const facts = page.locator('dl');
    await expect(facts).toContainText(`App URL${site}`);
    await expect(facts).not.toContainText('Website or application');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/invoices/);
    await expect.poll(() => mailsTo(customer.email).map(readable).join('\n')).toContain(`App URL: ${site}`);
    expect(mailsTo(customer.email).map(readable).join('\n')).not.toContain('Website or application');

    const office = await existingAccount(page);
    await roles('grant', 'office', office.email);
    const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await withStoredToken(staff, office.token);
    await open(staff, `/office?order=${id}`);
    const detail = staff.locator('.office-detail__facts');
    await expect(detail).toContainText(`App URL${site}`);
    await expect(detail).not.toContainText('Website or application');
  });

  test('the change-password page calls its first field "Old password", and its refusal says the same', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const customer = await existingAccount(page);
    await withStoredToken(page, customer.token);
    await open(page, '/change-password');
    await page.getByLabel('Old password', { exact: true }).fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a new password 1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a new password 1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your old password is incorrect.');
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the picture picker names the picture chosen, not "No file chosen"', async ({ page }) => {
    const customer = await existingAccount(page);
    await withStoredToken(page, customer.token);
    await open(page, '/profile');
    const picker = page.getByLabel('Picture');
    const field = page.locator('.field').filter({ has: picker });
    await expect(field).toContainText('No picture chosen');
    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Preview of your new picture' })).toBeVisible();
    const line = field.getByText('Chosen: me.png');
    await expect(line).toBeVisible();
    await expect(picker).toHaveAccessibleDescription(/me\.png/);
    // The line stands beside the button, where the browser's own "No file chosen" stood: that one takes no room.
    const [button, chosen] = [(await picker.boundingBox())!, (await line.boundingBox())!];
    expect(chosen.x).toBeGreaterThanOrEqual(button.x + button.width);
    expect(chosen.y).toBeLessThan(button.y + button.height);
    expect(button.width).toBeLessThan(200);

    // A long name wraps within the phone's width.
    await picker.setInputFiles({ name: `${'holiday-portrait-'.repeat(4)}.png`, mimeType: 'image/png', buffer: PNG });
    const long = (await field.getByText(/^Chosen: (holiday-portrait-)+\.png$/).boundingBox())!;
    expect(long.x + long.width).toBeLessThanOrEqual(375);
  });

  test("the e-mail change's code step says once where the code went", async ({ page }) => {
    const customer = await existingAccount(page);
    await withStoredToken(page, customer.token);
    await open(page, '/profile');
    const next = `moved-${Date.now()}@example.com`;
    await page.getByLabel('Email', { exact: true }).fill(next);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your new e-mail address' });
    await dialog.getByRole('textbox', { name: 'Current password' }).fill(customer.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByLabel('Code sent to your new address')).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(
      `We have sent a code to ${next}. Enter it to finish changing your e-mail address.`,
    );
    const said = (await dialog.innerText()).replace(/\s+/g, ' ');
    expect(said.split(next).length - 1, said).toBe(1);
    expect(said.match(/enter (it|the code)/gi) ?? [], said).toHaveLength(1);
    await expect(dialog).toContainText(`Your e-mail address stays ${customer.email} for now.`);
  });
});
