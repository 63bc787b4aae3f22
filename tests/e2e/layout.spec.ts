/**
 * Every page at every width (issue 29): 320, 375, 768, 1024 and 1280 px in Chromium against the real server,
 * checked by layout-check.ts. Addresses, links and buttons that must break or stack well: layout-breaks.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { SLOT_TAKEN_TEXT } from '#domain/booking';
import { servicesByPrice } from '#domain/catalogue/services';
import { checkWidths, memberId, openAt } from './layout-check';
import { BOOKING_REQUESTS, linkFromMail, worksAllDay } from './model/booking';
import { giveCall, hoursFromNow, paidOrder, roles, scheduleCall, staffAccount, tinyPdf } from './model/office';
import { existingAccount, withStoredToken } from './model/support';
import { newAccount, passServiceSpinner } from './support';

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
  await passServiceSpinner(page);
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
  await roles('grant', 'admin', admin.email);
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
    // The second day: a whole day of times whatever the hour. The last one, chosen above, may hold a single time
    // when the test runs near the horizon's edge of the day.
    await panel.getByRole('group', { name: 'Day', exact: true }).getByRole('button').nth(1).click();
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
