/**
 * Every page at every width (issue 29): 320, 375, 768, 1024 and 1280 px in Chromium against the real server.
 * On each page and width it fails on horizontal overflow, on a visible element outside the viewport, on a top
 * bar taller than one row, on a word broken mid-word, and on a placeholder cut by its field; it saves a
 * full-page screenshot into test-results/ for a person to look at.
 */
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { SLOT_TAKEN_TEXT } from '#domain/booking';
import { servicesByPrice } from '#domain/catalogue/services';
import { BOOKING_REQUESTS, linkFromMail, worksAllDay } from './model/booking';
import { giveCall, hoursFromNow, paidOrder, roles, scheduleCall, staffAccount, tinyPdf } from './model/office';
import { existingAccount, openApp, withStoredToken } from './model/support';
import { newAccount } from './support';

const WIDTHS = [320, 375, 768, 1024, 1280] as const;
const HEIGHT = 800;

/** What is wrong with the layout as the browser draws it now; an empty list when nothing is. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide`);

  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  // An element inside a box that clips (a scroller, a carousel) is only seen through that box.
  const clipped = (el: Element) => {
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };
  const seen = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };

  for (const el of document.body.querySelectorAll('*')) {
    if (!seen(el) || clipped(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.left < -1 || rect.right > width + 1) {
      problems.push(`${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`);
    }
  }

  // The top bar is one row: every link and button it shows stands on the same line.
  const bar = document.querySelector('.topbar');
  if (bar) {
    const items = [...bar.querySelectorAll('a, button')].filter(
      (el) => seen(el) && !el.closest('.side-menu, .user-menu__panel, .bell__panel'),
    );
    const rects = items.map((el) => el.getBoundingClientRect());
    const lowestTop = Math.max(...rects.map((r) => r.top));
    const highestBottom = Math.min(...rects.map((r) => r.bottom));
    if (rects.length && lowestTop >= highestBottom) {
      problems.push(`the top bar has more than one row (${Math.round(bar.getBoundingClientRect().height)} px high)`);
    }
  }

  // No word of letters is broken across two lines ("Infrastructur e").
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !seen(parent)) continue;
    // Words only: an address or a link (with dots, @ or slashes) may break where it must. A <wbr> beside the text
    // joins it to more of one (src/components/Breakable.tsx): the part touching it is no word.
    const text = node.textContent ?? '';
    const wbr = (sibling: Node | null) => sibling?.nodeName === 'WBR';
    for (const match of text.matchAll(/(?<=^|\s)(\p{L}{4,})(?=[.,;:!?]?(\s|$))/gu)) {
      if (wbr(node.previousSibling) && match.index === 0) continue;
      if (wbr(node.nextSibling) && /^[.,;:!?]?\s*$/.test(text.slice(match.index + match[0].length))) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[1]!.length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`the word "${match[0]}" is broken across lines in ${describe(parent)}`);
    }
  }

  // A placeholder fits its field.
  const canvas = document.createElement('canvas').getContext('2d')!;
  for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (!seen(input)) continue;
    const style = getComputedStyle(input);
    canvas.font = getComputedStyle(input, '::placeholder').font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const needed = canvas.measureText(input.placeholder).width;
    if (needed > room + 1)
      problems.push(`the placeholder "${input.placeholder}" needs ${Math.round(needed)} px of ${room}`);
  }
  return problems;
}

/**
 * Walks the widths on the page as it is: checks (after `prepare`, when given) and saves a screenshot of each.
 * Every problem is reported (soft), so one run lists them all.
 */
async function checkWidths(page: Page, testInfo: TestInfo, name: string, prepare?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await prepare?.();
    // Layout settles on the next frame after a resize.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const problems = await page.evaluate(layoutProblems);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    expect.soft(problems, `${name} at ${width} px`).toEqual([]);
  }
}

/** A customer made through the API whose e-mail address is long, as some are. */
async function customerWithLongAddress(page: Page) {
  const account = newAccount();
  // No hyphen in it: nothing where a line could break.
  const email = `acustomerwitharatherlongaddress.${account.email.replaceAll('-', '.')}`;
  const form = { name: account.name, email, password: account.password };
  const response = await page.request.post('/api/auth/register/email', { form });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...account, email, token };
}

/** A staff member's account id, as their own "My hours" names it. */
async function memberId(page: Page, staff: { token: string }): Promise<string> {
  const response = await page.request.get('/api/office/availability', {
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { memberId: string }).memberId;
}

async function openAt(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await openApp(page, path);
}

test.beforeEach(async ({ page }) => {
  // The splash's 3 s are run through on Playwright's clock (openApp); otherwise time passes as usual.
  await page.clock.install();
});

test('every public page fits every width', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const service = servicesByPrice[0]!;
  const pages = [
    ['privacy-policy', '/privacy-policy'],
    ['terms', '/terms'],
    ['contact', '/contact-us'],
    ['youth', '/youth-project'],
    ['service-details', `/service/${service.id}/details`],
    ['not-found', '/not-found'],
    ['signin', '/signin'],
    ['signup', '/signup'],
    ['forgot-password', '/forgot-password'],
  ] as const;
  // The landing page first, with the cookie banner up: it must not cover the hero's call to action.
  await openAt(page, '/');
  const getStarted = page.getByRole('link', { name: 'Get started' });
  await checkWidths(page, testInfo, 'home', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await getStarted.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent?.trim() ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect.soft(onTop, `"Get started" is uncovered at ${page.viewportSize()!.width} px`).toBe('Get started');
  });
  // The other pages are checked as a visitor sees them once the banner is answered.
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  for (const [name, path] of pages) {
    await openAt(page, path);
    await checkWidths(page, testInfo, name);
  }
});

test("a customer's invoices, bell and profile fit every width", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  // A long e-mail address, as some customers have: the profile must still fit a phone.
  const customer = await customerWithLongAddress(page);
  await paidOrder(page, customer, 0, 'PDF Sent to Email');
  await withStoredToken(page, customer.token);

  await openAt(page, '/invoices');
  await expect(page.getByTestId('invoice-card')).toHaveCount(1);
  await checkWidths(page, testInfo, 'invoices');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await checkWidths(page, testInfo, 'notifications', async () => {
    if ((await bell.getAttribute('aria-expanded')) !== 'true') await bell.click();
    await expect(page.getByRole('region', { name: 'Notifications list' })).toBeVisible();
  });

  await openAt(page, '/profile');
  await expect(page.getByText(customer.email).first()).toBeVisible();
  await checkWidths(page, testInfo, 'profile');

  // Billing details as a business fills them in, with a rule's message under a field (docs/product.md#billing-details).
  const billing = page.getByRole('region', { name: 'Billing details' });
  await billing.getByLabel('Billing name').fill('Northgate Analytics and Bookkeeping Services Limited');
  await billing
    .getByLabel('Billing address')
    .fill('Unit 4, Riverside Business Park\n221 Kingsbridge Road\nLondon\nSW1A 1AA');
  await billing.getByLabel('VAT number').fill('123 456 789');
  await expect(billing.getByText('A VAT number is a two-letter country code')).toBeVisible();
  await checkWidths(page, testInfo, 'profile-billing');

  // The password change: three fields, each with its show button, once stuck out of its card at 320 px.
  await openAt(page, '/change-password');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  await checkWidths(page, testInfo, 'change-password');
});

test("the profile's data card, once the data was downloaded, fits every width", async ({ page, baseURL }, testInfo) => {
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  const customer = await customerWithLongAddress(page);
  await withStoredToken(page, customer.token);
  await openAt(page, '/profile');
  const card = page.getByRole('region', { name: 'Your data' });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download my data' }).click();
  await download;
  // The longest text the card shows: the saved file's name and the note of the mail.
  await expect(card.getByRole('status')).toContainText('Saved as');
  await checkWidths(page, testInfo, 'profile-data-saved');
});

test("the wizard's steps and the sandbox checkout fit every width", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  await withStoredToken(page, (await existingAccount(page)).token);
  const service = servicesByPrice[1]!;
  await openAt(page, `/service/${service.id}/details`);
  await page.getByRole('button', { name: "Let's go!" }).click();
  const next = page.getByRole('button', { name: 'Next' });
  await checkWidths(page, testInfo, 'wizard-1');
  await next.click();
  await page.getByLabel('I have an existing website or application').check();
  await checkWidths(page, testInfo, 'wizard-2');
  // The field keeps the one name it has at checkout and in the office ("App URL"), the spec's placeholder under it.
  const appUrl = page.getByLabel('App URL');
  await expect(appUrl).toHaveAttribute('placeholder', 'Your website URL or application name...');
  await appUrl.fill('shop.example.com');
  await next.click();
  await page.getByLabel('Video meeting').check();
  await checkWidths(page, testInfo, 'wizard-3');
  await next.click();
  await checkWidths(page, testInfo, 'wizard-4');
  await page.getByRole('button', { name: 'Confirm & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const checkout = page.url();
  await checkWidths(page, testInfo, 'checkout');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/invoices\b/);
  await page.goto(checkout);
  await expect(page.getByRole('heading', { name: 'This invoice is already paid' })).toBeVisible();
  await checkWidths(page, testInfo, 'checkout-paid');
  expect(await page.request.get('/favicon.ico').then((r) => r.status())).toBe(200);
});

test('the office queue, an order and the office’s confirmations fit every width', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  const customer = await existingAccount(page);
  const order = await paidOrder(page, customer, 1, 'Video Meeting', 'shop.example.com');
  // A report already sent, so that it may be marked delivered; an office colleague whose access may be revoked.
  const report = await paidOrder(page, customer, 0, 'PDF Sent to Email');
  const colleague = await staffAccount(page, 'office');
  // An admin: the office page with its staff panel.
  const staff = await staffAccount(page, 'admin');
  const sent = await page.request.post(`/api/office/orders/${report.id}/report`, {
    headers: { authorization: `Bearer ${staff.token}` },
    multipart: { report: { name: 'audit.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Layout report') } },
  });
  expect(sent.status()).toBe(200);
  await withStoredToken(page, staff.token);

  await openAt(page, '/office');
  await expect(page.getByText(order.title).first()).toBeVisible();
  await checkWidths(page, testInfo, 'office');
  // Opened from the keyboard: focus moves to the order's title for screen readers, without a heavy box around it.
  await page.getByTestId('office-order').filter({ hasText: customer.email }).filter({ hasText: order.title }).focus();
  await page.keyboard.press('Enter');
  const title = page.getByRole('heading', { name: order.title });
  await expect(title).toBeFocused();
  const ring = await title.evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).boxShadow]);
  expect(ring).toEqual(['none', 'none']);
  await checkWidths(page, testInfo, 'office-order');

  // A call a customer booked after the promise, from another zone: who holds it, and why it is late.
  const booked = await paidOrder(page, customer, 2, 'Phone Call');
  const start = hoursFromNow(30);
  await scheduleCall(page, staff, booked.id, start);
  await giveCall(booked.id, await memberId(page, colleague), { start, chosenByCustomer: true, zone: 'Asia/Kathmandu' });
  await openAt(page, `/office?order=${booked.id}`);
  const call = page.getByTestId('order-detail');
  await expect(call.getByTestId('call-with')).toHaveText(`With ${colleague.name}`);
  await expect(call.getByTestId('call-chosen')).toHaveText(
    'The customer chose this time, after the promise: that is why the call is late.',
  );
  await expect(call.getByTestId('customer-zone')).toContainText('Asia/Kathmandu: ');
  await expect(call.getByTestId('detail-promise')).toHaveText('Customer chose a time after the promise');
  await checkWidths(page, testInfo, 'office-call');

  // The confirmations asked before marking delivered and before revoking access, open over the page.
  await openAt(page, `/office?order=${report.id}`);
  await page.getByTestId('order-detail').getByRole('button', { name: 'Mark delivered' }).click();
  const delivery = page.getByRole('alertdialog', { name: 'Mark this order delivered?' });
  await expect(delivery).toBeVisible();
  await checkWidths(page, testInfo, 'office-confirm-delivery');
  await delivery.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Revoke office access of ${colleague.name} (${colleague.email})` }).click();
  const revocation = page.getByRole('alertdialog', { name: 'Revoke office access?' });
  await expect(revocation).toBeVisible();
  await checkWidths(page, testInfo, 'office-confirm-revoke');
  await revocation.getByRole('button', { name: 'Cancel' }).click();
  await expect(revocation).toHaveCount(0);
});

test('the office’s “My hours”, with several ranges a day, days off and a long address, fits every width', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  // An admin with a long address: the member picker lists it, and a select is as wide as its longest option.
  const admin = await customerWithLongAddress(page);
  roles('grant', 'admin', admin.email);
  const monday = [
    { start: '09:00', end: '12:30' },
    { start: '13:30', end: '17:00' },
  ];
  const weekly = { monday, tuesday: monday, wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
  const nextYear = new Date().getUTCFullYear() + 1;
  const saved = await page.request.put('/api/office/availability', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { weekly, daysOff: [`${nextYear}-12-24`, `${nextYear}-12-25`] },
  });
  expect(saved.status()).toBe(200);
  // A call the admin holds, of a customer whose address is long too.
  const customer = await customerWithLongAddress(page);
  const order = await paidOrder(page, customer, 1, 'Video Meeting');
  const start = hoursFromNow(30);
  await scheduleCall(page, admin, order.id, start);
  await giveCall(order.id, await memberId(page, admin), { start, chosenByCustomer: true, zone: null });
  await withStoredToken(page, admin.token);

  await openAt(page, '/office');
  await page.getByRole('tab', { name: 'My hours' }).click();
  await expect(page.getByRole('group', { name: 'Monday' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your calls' }).getByTestId('member-call')).toHaveCount(1);
  await checkWidths(page, testInfo, 'office-hours');
  // The call's service opens its order.
  await page.getByRole('region', { name: 'Your calls' }).getByRole('link', { name: order.title }).click();
  await expect(page.getByTestId('order-detail').getByRole('heading', { name: order.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/office\\?order=${order.id}$`));
});

test.describe('booking a call, on the clock of a customer in Kathmandu', () => {
  // Another clock than London's: each time shows both, the longest the page words them.
  test.use({ timezoneId: 'Asia/Kathmandu' });

  test('the invoice card’s booking, step by step, fits every width', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
    await worksAllDay(page, await staffAccount(page, 'office'));
    const customer = await customerWithLongAddress(page);
    await paidOrder(page, customer, 2, 'Video Meeting', 'shop.example.com');
    await withStoredToken(page, customer.token);
    await openAt(page, '/invoices');
    const panel = page.getByTestId('call-booking');
    await checkWidths(page, testInfo, 'booking-waiting');

    await panel.getByRole('button', { name: 'Choose a time' }).press('Enter');
    // From the keyboard: the button pressed is gone, and focus is on what took its place.
    await expect(panel.getByRole('heading', { name: 'Choose a time for your call' })).toBeFocused();
    const times = panel.getByRole('group', { name: /^Times on / }).getByRole('button');
    await expect(times.first()).toBeVisible();
    await checkWidths(page, testInfo, 'booking-choosing');
    // The last day offered: later than the one-day promise, which the confirmation says.
    await panel.getByRole('group', { name: 'Day', exact: true }).getByRole('button').last().click();
    await times.first().click();
    await expect(panel.getByText('This is later than our one-day promise')).toBeVisible();
    await checkWidths(page, testInfo, 'booking-confirm');
    await panel.getByRole('button', { name: 'Book this time' }).press('Enter');
    await expect(panel.getByTestId('booked-call')).toBeVisible();
    await expect(panel.getByTestId('booked-call').locator('..')).toBeFocused();
    await checkWidths(page, testInfo, 'booking-booked');

    await panel.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(dialog).toBeVisible();
    await checkWidths(page, testInfo, 'booking-confirm-cancel');
    await dialog.getByRole('button', { name: 'Keep booking' }).click();
    await expect(panel.getByRole('button', { name: 'Cancel booking' })).toBeFocused();

    // Taken meanwhile: a time offered to nobody (a minute past a slot's start) is refused as taken.
    await page.route(BOOKING_REQUESTS.book, (route) => {
      const body = route.request().postDataJSON() as { start: string; timeZone: string };
      const start = new Date(Date.parse(body.start) + 60_000).toISOString();
      return route.continue({ postData: JSON.stringify({ ...body, start }) });
    });
    await panel.getByRole('button', { name: 'Change time' }).click();
    await times.nth(1).click();
    await panel.getByRole('button', { name: 'Move to this time' }).click();
    await expect(panel.getByRole('alert')).toHaveText(SLOT_TAKEN_TEXT);
    await expect(times.first()).toBeVisible();
    await checkWidths(page, testInfo, 'booking-taken');
  });

  test('a call past its cut-off, no free time, and the link’s pages fit every width', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
    const office = await staffAccount(page, 'office');
    await worksAllDay(page, office);
    const customer = await customerWithLongAddress(page);
    const waiting = await paidOrder(page, customer, 1, 'Phone Call');
    const soon = await paidOrder(page, customer, 2, 'Video Meeting');
    // The office sets one call an hour ahead: within the cut-off, the card says to write to the office.
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000).toISOString();
    const scheduled = await page.request.post(`/api/office/orders/${soon.id}/schedule`, {
      headers: { authorization: `Bearer ${office.token}` },
      data: { at, join: 'https://meet.example/northgate-layout-room-with-a-long-name' },
    });
    expect(scheduled.status()).toBe(200);
    // No free time at all: the answer of a fully booked fortnight.
    await page.route(BOOKING_REQUESTS.slots, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), slots: [] } });
    });
    await withStoredToken(page, customer.token);
    await openAt(page, '/invoices');
    const cards = page.getByTestId('invoice-card');
    await expect(cards).toHaveCount(2);
    await cards.filter({ hasText: waiting.title }).getByRole('button', { name: 'Choose a time' }).click();
    await expect(page.getByText('There is no free time in the next two weeks')).toBeVisible();
    await expect(page.getByText('it can no longer be changed here')).toBeVisible();
    await checkWidths(page, testInfo, 'booking-closed-and-none-free');

    await openAt(page, '/booking/not-a-booking-link');
    await expect(page.getByRole('heading', { name: 'This booking link is not valid' })).toBeVisible();
    await checkWidths(page, testInfo, 'booking-link-invalid');

    // A booking mail's link: the call, then a new time to choose (the link asks its own address, not the card's).
    const headers = { authorization: `Bearer ${customer.token}` };
    const free = await page.request.get(`/api/orders/${waiting.id}/slots`, { headers });
    const { slots } = (await free.json()) as { slots: { start: string }[] };
    const booked = await page.request.post(`/api/orders/${waiting.id}/booking`, {
      headers,
      data: { start: slots[0]!.start, timeZone: 'Asia/Kathmandu' },
    });
    expect(booked.status()).toBe(201);
    // The office's scheduling above mailed a link too: this one is the booking's, of the other order.
    await openAt(page, `/booking/${await linkFromMail(customer.email, waiting.title)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(waiting.title);
    await checkWidths(page, testInfo, 'booking-link');
    await page.getByRole('button', { name: 'Change time' }).click();
    await expect(page.getByRole('group', { name: /^Times on / })).toBeVisible();
    await checkWidths(page, testInfo, 'booking-link-choosing');
  });
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
