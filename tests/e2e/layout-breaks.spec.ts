/**
 * Where long things break and buttons stand (issue 49), at the widths where each went wrong: a long address breaks
 * at its dots and "@", late calls keep the office list beside the open order, the wizard brings each step into
 * view, and the cookie table stays readable on a phone. The whole-page checks are in layout.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { servicesByPrice } from '#domain/catalogue/services';
import { checkWidths, HEIGHT, memberId, openAt } from './layout-check';
import { giveCall, hoursFromNow, paidOrder, scheduleCall, staffAccount } from './model/office';
import { existingAccount, withStoredToken } from './model/support';
import { newAccount, passServiceSpinner } from './support';

test.beforeEach(async ({ page }) => {
  // The splash's 3 s are run through on Playwright's clock (openApp); otherwise time passes as usual.
  await page.clock.install();
});

/**
 * Where a line breaks inside the element's text other than after a space, "@", a dot, a slash or a hyphen, as
 * "…ab|cd…": an address or a link breaks mid-word only where no natural point fits (issue 49).
 */
function unnaturalBreaks(element: Element): string[] {
  const chars: { char: string; top: number }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      chars.push({ char: text[i]!, top: rect ? rect.top : NaN });
    }
  }
  const breaks: string[] = [];
  chars.forEach(({ char, top }, i) => {
    const before = chars[i - 1];
    // A new line starts a line's height lower; a smaller glyph on the same line only a little.
    if (!before || !(top - before.top > 5) || /[\s@./-]/.test(before.char) || /\s/.test(char)) return;
    const text = chars.map((c) => c.char).join('');
    breaks.push(`…${text.slice(Math.max(0, i - 8), i)}|${text.slice(i, i + 8)}…`);
  });
  return breaks;
}

/** The buttons stand in one row, or one above the other, all as wide: never two in a row and one below. */
async function expectEvenButtons(actions: import('@playwright/test').Locator, what: string) {
  const rects = await actions
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getBoundingClientRect()).map(({ left, top, width }) => ({ left, top, width })),
    );
  const near = (a: number, b: number) => Math.abs(a - b) < 1;
  const oneRow = rects.every((r) => near(r.top, rects[0]!.top));
  const stacked = rects.every((r) => near(r.left, rects[0]!.left) && near(r.width, rects[0]!.width));
  expect.soft(oneRow || stacked, `${what}: ${JSON.stringify(rects)}`).toBe(true);
}

/** A customer whose address is long but made of short parts: each fits a phone's line between its dots. */
async function customerWithDottedAddress(page: Page) {
  const account = newAccount();
  const email = `northgate.analytics.bookkeeping.${account.email.replaceAll('-', '.')}`;
  const response = await page.request.post('/api/auth/register/email', { form: { ...account, email } });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...account, email, token };
}

test('an order list with late calls fits a phone, and stays beside the open order at 1024 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  const customer = await existingAccount(page);
  const staff = await staffAccount(page, 'admin');
  // One call the office set after the promise, one the customer chose after it: both badges' texts.
  const bookedLate = await paidOrder(page, customer, 2, 'Phone Call');
  await scheduleCall(page, staff, bookedLate.id, hoursFromNow(30));
  const chosenLate = await paidOrder(page, customer, 1, 'Video Meeting');
  const start = hoursFromNow(31);
  await scheduleCall(page, staff, chosenLate.id, start);
  await giveCall(chosenLate.id, await memberId(page, staff), { start, chosenByCustomer: true, zone: null });
  await withStoredToken(page, staff.token);

  await openAt(page, '/office');
  const badges = page.getByTestId('promise');
  await expect(badges.filter({ hasText: 'Call booked after the promise' }).first()).toBeVisible();
  await expect(badges.filter({ hasText: 'Customer chose a time after the promise' }).first()).toBeVisible();
  await checkWidths(page, testInfo, 'office-late-calls');

  // Beside the open order, each card of the list ends before the order's panel begins.
  await openAt(page, `/office?order=${bookedLate.id}`);
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  const panel = page.getByTestId('order-detail');
  await expect(panel.getByRole('heading', { name: bookedLate.title })).toBeVisible();
  const panelLeft = (await panel.boundingBox())!.x;
  const cardRights = await page
    .getByTestId('office-order')
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().right)));
  expect(Math.max(...cardRights)).toBeLessThanOrEqual(panelLeft);
  await page.screenshot({ path: testInfo.outputPath('office-late-calls-open-1024.png') });
});

test('a long address breaks at its dots and @, in the e-mail dialog, the profile, an order and an invoice', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  const customer = await customerWithDottedAddress(page);
  const url = 'https://www.northgate.example.co.uk/collections/autumn/products/handmade-oak-table';
  const order = await paidOrder(page, customer, 1, 'PDF Sent to Email', url);
  await withStoredToken(page, customer.token);
  const breaks = (locator: import('@playwright/test').Locator) => locator.evaluate(unnaturalBreaks);

  await openAt(page, '/profile');
  await expect(page.getByTestId('email-status')).toContainText(customer.email);
  expect.soft(await breaks(page.locator('.profile__badge')), 'the profile badge at 320 px').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('address-profile-320.png') });

  await openAt(page, '/invoices');
  const card = page.getByTestId('invoice-card');
  await expect(card.getByText(url)).toBeVisible();
  expect.soft(await breaks(card.getByText(url)), 'the invoice card at 320 px').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('address-invoice-320.png'), fullPage: true });

  // A toast shows under the top bar on a phone, not over it.
  await openAt(page, '/profile');
  await page.setViewportSize({ width: 375, height: HEIGHT });
  await page.getByLabel('Name', { exact: true }).fill('Renamed Customer');
  await page.getByRole('button', { name: 'Edit' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' });
  await expect(toast).toBeVisible();
  const barBottom = await page.locator('header.topbar').evaluate((bar) => bar.getBoundingClientRect().bottom);
  expect.soft((await toast.boundingBox())!.y, 'the toast at 375 px').toBeGreaterThanOrEqual(barBottom);
  await page.screenshot({ path: testInfo.outputPath('toast-375.png') });

  // A long new address stays inside the e-mail dialog at 375 px, and its buttons stand evenly.
  const moved = `moved.to.another.mailbox.${customer.email}`;
  await page.getByLabel('Email').fill(moved);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your new e-mail address' });
  const address = dialog.locator('strong', { hasText: moved });
  await expect(address).toBeVisible();
  const inside = async () => {
    const box = (await dialog.boundingBox())!;
    const text = (await address.boundingBox())!;
    return text.x >= box.x && text.x + text.width <= box.x + box.width;
  };
  expect.soft(await inside(), 'the new address inside the dialog at 375 px').toBe(true);
  expect.soft(await breaks(address), 'the new address at 375 px').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('email-dialog-375.png') });
  await dialog.getByLabel('Current password', { exact: true }).fill(customer.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('button', { name: 'Send again' })).toBeVisible();
  await expectEvenButtons(dialog.locator('.dialog__actions'), 'the new address step at 375 px');
  await page.screenshot({ path: testInfo.outputPath('email-dialog-code-375.png') });

  // The office's link to the customer, at 320 px.
  const staff = await staffAccount(page, 'office');
  await page.evaluate((token) => localStorage.setItem('token', token), staff.token);
  await openAt(page, `/office?order=${order.id}`);
  const link = page.getByTestId('order-detail').getByRole('link', { name: customer.email });
  await expect(link).toBeVisible();
  expect.soft(await breaks(link), 'the office customer link at 320 px').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('address-office-320.png'), fullPage: true });
  // The office list's own lines: the customer's address and the website.
  await openAt(page, '/office');
  const row = page.getByTestId('office-order').filter({ hasText: url });
  for (const line of ['.office-order__email', '.office-order__url']) {
    expect.soft(await breaks(row.locator(line)), `the office list's ${line} at 320 px`).toEqual([]);
  }
});

test('the wizard brings each new step into view below the top bar; its last button fits 320 px', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  await withStoredToken(page, (await existingAccount(page)).token);
  await openAt(page, `/service/${servicesByPrice[1]!.id}/details`);
  await page.setViewportSize({ width: 375, height: HEIGHT });
  await passServiceSpinner(page);
  await page.getByRole('button', { name: "Let's go!" }).click();
  const steps = page.getByRole('list', { name: 'Order steps' });
  const next = page.getByRole('button', { name: 'Next' });
  /** The step indicator is below the top bar, in the screen's upper half. */
  const inView = () =>
    steps.evaluate((list) => {
      const { top } = list.getBoundingClientRect();
      return top >= document.querySelector('header.topbar')!.getBoundingClientRect().bottom && top < innerHeight / 2;
    });
  // Next pressed at the foot of the long first step: in the screen's middle, or at its foot. On a phone the page
  // scrolls smoothly; at 1024 px, for someone who prefers reduced motion, at once.
  for (const [width, motion] of [
    [375, 'no-preference'],
    [1024, 'reduce'],
  ] as const) {
    await page.setViewportSize({ width, height: 700 });
    await page.emulateMedia({ reducedMotion: motion });
    for (const block of ['center', 'end'] as const) {
      await next.evaluate((button, at) => button.scrollIntoView({ block: at, behavior: 'instant' }), block);
      await next.click();
      await expect(page.getByRole('group', { name: 'Information' })).toBeVisible();
      const what = `the indicator after Next at ${width} px from the screen's ${block}`;
      if (motion === 'reduce') {
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect.soft(await inView(), what).toBe(true);
      } else await expect.configure({ soft: true }).poll(inView, { message: what }).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`wizard-next-${width}-${block}.png`) });
      await page.getByRole('button', { name: 'Back' }).click();
    }
  }

  // "Confirm & Checkout" on one line at 320 px.
  await next.click();
  await page.getByLabel("I don't have an existing website or application").check();
  await next.click();
  await page.getByLabel('Video meeting').check();
  await next.click();
  await page.setViewportSize({ width: 320, height: HEIGHT });
  const lines = await page.getByRole('button', { name: 'Confirm & Checkout' }).evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect.soft(lines, 'the lines of "Confirm & Checkout" at 320 px').toBe(1);
  await page.screenshot({ path: testInfo.outputPath('wizard-confirm-320.png'), fullPage: true });
});

test('the cookie table keeps its Purpose column readable on a phone', async ({ page, baseURL }, testInfo) => {
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  await openAt(page, '/privacy-policy');
  const table = page.getByRole('table', { name: 'Cookies and local storage used by this site' });
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: HEIGHT });
    await table.scrollIntoViewIfNeeded();
    // Each purpose is in view whole, not cut at the screen's edge, and its lines hold words: 12 em wide at least.
    const cells = await table.locator('tbody td:nth-child(3)').evaluateAll((tds) =>
      tds.map((td) => {
        const { left, right, width } = td.getBoundingClientRect();
        const inView = left >= 0 && right <= document.documentElement.clientWidth;
        return { inView, wideEnough: width / parseFloat(getComputedStyle(td).fontSize) >= 12 };
      }),
    );
    expect.soft(cells, `the purposes at ${width} px`).toEqual(Array(4).fill({ inView: true, wideEnough: true }));
    await table.screenshot({ path: testInfo.outputPath(`cookie-table-${width}.png`) });
  }
});
