/**
 * The office journey, in Chromium against the real server: an admin (made with the roles command) gives a
 * colleague the office role; a customer orders and pays a video meeting and a PDF report; the colleague finds
 * both in the queue (and follows the office e-mail's link to one), schedules the meeting, sends a PDF and marks
 * both delivered; the customer sees each step on the invoices page and in the bell, downloads the calendar
 * file and the report, and receives the mails with both attached on the loopback SMTP server.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { servicesByPrice } from '#domain/catalogue/services';
import { company } from '#domain/company';
import { DELIVERY_PROMISE_MS } from '#domain/orders';
import { isoToZonedInput } from '#machines/lib/zonedTime';
import { COUNTDOWN_REFRESH_MS } from '#machines/officeQueue.machine';
import { roles, tinyPdf } from './model/office';
import { openApp } from './model/support';
import { mailsTo, newAccount, open, passSplash, register, signIn } from './support';

type Account = ReturnType<typeof newAccount>;

const HOUR_MS = 60 * 60 * 1000;

/** A raw message with quoted-printable soft breaks and escapes undone, for searching its text. */
function readable(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The base64 body of the message part with this content type, decoded. */
function attachment(mail: string, contentType: string): Buffer | null {
  const start = mail.search(new RegExp(`content-type: ${contentType.replace('/', '\\/')}`, 'i'));
  if (start < 0) return null;
  const part = mail.slice(start);
  const bodyStart = part.search(/\r?\n\r?\n/);
  const body = part.slice(bodyStart).trimStart();
  const end = body.search(/\r?\n--/);
  return Buffer.from(body.slice(0, end < 0 ? undefined : end).replace(/\s+/g, ''), 'base64');
}

async function signedInPage(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return page;
}

async function registerByApi(page: Page, account: Account) {
  const form = { name: account.name, email: account.email, password: account.password };
  const response = await page.request.post('/api/auth/register/email', { form });
  expect(response.status()).toBe(201);
}

/** The customer orders a service with this delivery type and pays in the sandbox; answers the invoice id. */
async function orderAndPay(page: Page, serviceId: string, delivery: string, website: string | null): Promise<string> {
  await open(page, `/service/${serviceId}/details`);
  await page.getByRole('button', { name: "Let's go!" }).click({ timeout: 8000 });
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  if (website) {
    await page.getByLabel('I have an existing website or application').check();
    await page.getByPlaceholder('Your website URL or application name...').fill(website);
  }
  await next.click();
  await page.getByLabel(delivery).check();
  await next.click();
  await page.getByRole('button', { name: 'Confirm & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const invoiceId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/invoices(\?payment=paid)?$/);
  return invoiceId;
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

test('the office delivers a meeting and a report; the customer follows every step', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = { ...newAccount(), name: 'Ada Admin' };
  const colleague = { ...newAccount(), name: 'Olive Office' };
  const customer = { ...newAccount(), name: 'Carla Customer' };

  // The cookie banner is answered, so that it covers nothing in the screenshots.
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  // The first admin comes from the command line; the colleague is an ordinary account until granted.
  await registerByApi(page, admin);
  await registerByApi(page, colleague);
  roles('grant', 'admin', admin.email);

  // 1. The admin finds the office in the top bar and grants the colleague the office role.
  const adminPage = await signedInPage(browser, baseURL!, admin);
  await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Office' }).click();
  await expect(adminPage).toHaveURL(/\/office$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Office' })).toBeVisible();
  const staff = adminPage.getByRole('region', { name: 'Staff' });
  await expect(staff.getByTestId('staff-member').filter({ hasText: admin.email })).toContainText('Admin');
  await expect(staff.getByTestId('staff-member').filter({ hasText: colleague.email })).toHaveCount(0);
  const grant = staff.getByRole('button', { name: 'Grant office access' });
  await expect(grant).toBeDisabled();
  await staff.getByLabel(/Give office access to/).fill(`  ${colleague.email} `);
  await grant.click();
  await expect(toast(adminPage, `${colleague.name} now has access to the office.`)).toBeVisible();
  await expect(staff.getByTestId('staff-member').filter({ hasText: colleague.email })).toContainText('Office');
  // An admin's own role is not the panel's to take away.
  await expect(
    staff.getByRole('button', { name: `Revoke office access of ${admin.name} (${admin.email})` }),
  ).toHaveCount(0);

  // 2. The customer orders a video meeting (for a website) and a PDF report, and pays both in the sandbox.
  await register(page, customer);
  const meetingService = servicesByPrice[1]!;
  const reportService = servicesByPrice[0]!;
  const meetingId = await orderAndPay(page, meetingService.id, 'Video meeting', 'shop.example.com');
  const reportId = await orderAndPay(page, reportService.id, 'PDF file sent to my email', null);
  const cards = page.getByTestId('invoice-card');
  const meetingCard = cards.filter({ hasText: meetingService.title });
  const reportCard = cards.filter({ hasText: reportService.title });
  await expect(meetingCard.getByTestId('order-status')).toContainText('Paid');
  await expect(reportCard.getByTestId('order-status')).toContainText('Paid');
  // A customer has no office: the link is not there, and the address is the 404 page.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Office' })).toHaveCount(0);
  await open(page, '/office');
  await expect(page).toHaveURL(/\/not-found$/);
  expect((await page.request.get('/api/office/orders?view=queue', { headers: await bearer(page) })).status()).toBe(403);

  // The office was e-mailed each paid order, with a link that opens it.
  const officeMailFor = (id: string) =>
    mailsTo(company.supportEmail)
      .map(readable)
      .find((mail) => mail.includes(`/office?order=${id}`)) ?? '';
  await expect.poll(() => officeMailFor(reportId)).not.toBe('');
  await expect.poll(() => officeMailFor(meetingId)).not.toBe('');
  const officeMail = officeMailFor(meetingId);
  const officeLink = /https?:\/\/\S+\/office\?order=[\w-]+/.exec(officeMail)![0];

  // 3. The colleague, now office staff, sees both orders in the queue with what the office needs to know.
  const office = await signedInPage(browser, baseURL!, colleague);
  await expect(office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Office' })).toBeVisible();
  await open(office, '/office');
  await expect(office.getByRole('tab', { name: 'Queue' })).toHaveAttribute('aria-selected', 'true');
  // Not an admin: no staff panel.
  await expect(office.getByRole('region', { name: 'Staff' })).toHaveCount(0);
  const rows = office.getByTestId('office-order');
  // Other tests' customers order at the same time: this customer's rows are told apart by the address.
  const ours = rows.filter({ hasText: customer.email });
  const meetingRow = ours.filter({ hasText: meetingService.title });
  const reportRow = ours.filter({ hasText: reportService.title });
  for (const row of [meetingRow, reportRow]) {
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText(/Paid \d/);
    await expect(row.getByTestId('promise')).toHaveText(/^2[34] h( \d+ min)? left$/);
  }
  await expect(meetingRow).toContainText('Video meeting');
  await expect(meetingRow).toContainText('shop.example.com');
  await expect(reportRow).toContainText('Report by e-mail (PDF)');
  await expect(reportRow).toContainText('No website or application given');

  await screenshots(office, testInfo, 'queue');

  // A day and two hours on (the page's clock only): overdue stands out, and the countdown moves every minute.
  const later = await office.context().newPage();
  await later.clock.install({ time: Date.now() + DELIVERY_PROMISE_MS + 2 * HOUR_MS });
  await later.setViewportSize({ width: 1280, height: 900 });
  await openApp(later, '/office');
  const overdue = later
    .getByTestId('office-order')
    .filter({ hasText: customer.email })
    .filter({ hasText: meetingService.title })
    .getByTestId('promise');
  await expect(overdue).toHaveText(/^Overdue by 2 h( \d+ min)?$/);
  await expect(overdue).toHaveCSS('background-color', 'rgb(200, 30, 30)');
  const before = await overdue.textContent();
  await later.clock.runFor(COUNTDOWN_REFRESH_MS);
  await expect(overdue).not.toHaveText(before!);
  const overduePath = testInfo.outputPath('office-overdue-1280.png');
  await later.screenshot({ path: overduePath, fullPage: true });
  await testInfo.attach('office-overdue-1280', { path: overduePath, contentType: 'image/png' });
  await later.close();

  // The office e-mail's link opens the meeting order itself.
  await office.goto(officeLink.replace(/^https?:\/\/[^/]+/, ''));
  await passSplash(office);
  const detail = office.getByTestId('order-detail');
  await expect(detail.getByRole('heading', { level: 2, name: meetingService.title })).toBeVisible();
  await expect(detail.getByTestId('audit')).toContainText('Awaiting payment → Paid');
  // The office has the customer's invoice document too.
  const invoiceNumber = detail.locator('dt:text-is("Invoice number") + dd');
  await expect(invoiceNumber).toHaveText(/^TEST-NG-\d{4}-\d{6}$/);
  const invoiceFile = office.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download invoice (PDF)' }).click();
  expect((await invoiceFile).suggestedFilename()).toBe(`${await invoiceNumber.textContent()}.pdf`);
  expect(
    readFileSync((await (await invoiceFile).path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // 4. Scheduling: a time after the promise asks why; the customer is told the reason.
  const schedule = detail.getByRole('button', { name: 'Schedule call' });
  const soon = isoToZonedInput(new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(), company.timeZone);
  const late = isoToZonedInput(
    new Date(Date.now() + DELIVERY_PROMISE_MS + 6 * 60 * 60 * 1000).toISOString(),
    company.timeZone,
  );
  await detail.getByLabel(/^Date and time/).fill(soon);
  await detail.getByLabel('How to join').fill('https://meet.example/northgate-42');
  await expect(detail.getByLabel(/Why later than promised/)).toHaveCount(0);
  await expect(schedule).toBeEnabled();
  await detail.getByLabel(/^Date and time/).fill(late);
  const reason = detail.getByLabel(/Why later than promised/);
  await expect(reason).toBeVisible();
  await expect(schedule).toBeDisabled();
  await reason.fill('You asked for the day after tomorrow.');
  await schedule.click();
  await expect(toast(office, 'The call is scheduled; the customer has been told.')).toBeVisible();
  await expect(detail.locator('.office-detail__status')).toContainText('Scheduled');
  await expect(detail.getByTestId('audit')).toContainText(`Paid → Scheduled`);
  await expect(detail.getByTestId('audit')).toContainText(`by ${colleague.name} (${colleague.email})`);
  await expect(detail.getByRole('button', { name: 'Move call' })).toBeVisible();
  // The late call's badge says so, and the meeting's address is a link opened apart from the office.
  await expect(detail.getByTestId('detail-promise')).toHaveText('Call booked after the promise');
  const joinLink = detail.getByRole('link', { name: 'https://meet.example/northgate-42' });
  await expect(joinLink).toHaveAttribute('href', 'https://meet.example/northgate-42');
  await expect(joinLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(joinLink).toHaveAttribute('target', '_blank');

  // 5. The report: a file that is not a PDF is refused in the page; a PDF is sent.
  await office.getByRole('tab', { name: 'Queue' }).click();
  await reportRow.click();
  await expect(detail.getByRole('heading', { level: 2, name: reportService.title })).toBeVisible();
  // The order machine offers no call for a report, and nothing to deliver before the report is sent.
  await expect(detail.getByRole('form', { name: 'Schedule the call' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
  const file = detail.getByLabel(/^Report \(PDF/);
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(toast(office, 'Choose a PDF file of at most 10 MB.')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Send report' })).toBeDisabled();
  const pdf = tinyPdf('Northgate security audit');
  await file.setInputFiles({ name: 'security audit.pdf', mimeType: 'application/pdf', buffer: pdf });
  await detail.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(office, 'The report was sent to the customer.')).toBeVisible();
  await expect(detail.locator('.office-detail__status')).toContainText('Report sent');
  await expect(detail.getByTestId('audit')).toContainText('Paid → Report sent');

  // 6. The customer sees the meeting's time, how to join and why later, and the report, in the card and the bell.
  await open(page, '/invoices');
  const meetingStatus = meetingCard.getByTestId('order-status');
  await expect(meetingStatus).toContainText(/Scheduled for \d{1,2} \w{3} \d{4}, \d{2}:\d{2} (GMT|BST) \(London time\)/);
  await expect(meetingStatus).toContainText('How to join: https://meet.example/northgate-42');
  // The web address is a link, opened in a new tab without handing the page over.
  const customerJoinLink = meetingStatus.getByRole('link', { name: 'https://meet.example/northgate-42' });
  await expect(customerJoinLink).toHaveAttribute('href', 'https://meet.example/northgate-42');
  await expect(customerJoinLink).toHaveAttribute('target', '_blank');
  await expect(customerJoinLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(meetingStatus).toContainText('You asked for the day after tomorrow.');
  const calendar = page.waitForEvent('download');
  await meetingStatus.getByRole('button', { name: 'Add to calendar' }).click();
  const ics = readFileSync(await (await calendar).path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('https://meet.example/northgate-42');
  await expect(reportCard.getByTestId('order-status')).toContainText('Report sent');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the sticky bar would otherwise be drawn where the page was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    const path = testInfo.outputPath(`invoices-orders-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`invoices-orders-${width}`, { path, contentType: 'image/png' });
  }
  await downloadsTheReport(page, reportCard.getByRole('button', { name: 'Download report (PDF)' }), pdf);
  const cardResults = await new AxeBuilder({ page })
    .include('[data-testid="order-status"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(cardResults.violations).toEqual([]);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const list = page.getByRole('region', { name: 'Notifications list' });
  await expect(list).toContainText(`Your call for ${meetingService.title} is booked for`);
  await expect(list).toContainText(`Your report for ${reportService.title} was e-mailed to you.`);
  await bell.click();

  // 7. The report is delivered, once confirmed, and leaves the queue for the delivered list. The meeting is not:
  //    it has not taken place yet, and the page says when it may be marked delivered (the server refuses it too).
  const markDelivered = detail.getByRole('button', { name: 'Mark delivered' });
  const confirmDelivery = office.getByRole('alertdialog', { name: 'Mark this order delivered?' });
  await markDelivered.click();
  await expect(confirmDelivery).toContainText(
    `${reportService.title} for ${customer.name} (${customer.email}): the customer is told by e-mail and in the ` +
      'bell, and the order moves to the Delivered list. This cannot be undone.',
  );
  // Focus starts on Cancel; Escape answers no, and nothing is sent.
  await expect(confirmDelivery.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await office.keyboard.press('Escape');
  await expect(confirmDelivery).toHaveCount(0);
  await expect(detail.locator('.office-detail__status')).toContainText('Report sent');
  await markDelivered.click();
  await confirmDelivery.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(office, 'The order is marked delivered.')).toBeVisible();
  await expect(detail.locator('.office-detail__status')).toContainText('Delivered');
  await expect(reportRow).toHaveCount(0);
  await meetingRow.click();
  await expect(detail.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();
  await expect(detail.getByTestId('deliver-hint')).toHaveText(
    /^The call is on .+: it can be marked delivered once it has started\.$/,
  );
  await expect(rows.filter({ hasText: customer.email })).toHaveCount(1);
  await office.getByRole('tab', { name: 'Delivered' }).click();
  await expect(rows.filter({ hasText: customer.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: customer.email }).first().getByTestId('promise')).toHaveText(
    /Delivered (on time|.* late)/,
  );
  // A link to the delivered order (the office e-mail's kind) opens it under the Delivered tab, beside that list.
  await office.goto(`/office?order=${reportId}`);
  await passSplash(office);
  await expect(detail.getByRole('heading', { level: 2, name: reportService.title })).toBeVisible();
  await expect(detail.locator('.office-detail__status')).toContainText('Delivered');
  await expect(office.getByRole('tab', { name: 'Delivered' })).toHaveAttribute('aria-selected', 'true');
  await expect(office.getByRole('tab', { name: 'Queue' })).toHaveAttribute('aria-selected', 'false');
  await expect(office.getByRole('tabpanel', { name: 'Delivered' })).toBeVisible();
  await expect(reportRow).toHaveAttribute('aria-current', 'true');
  await expect(meetingRow).toHaveCount(0);
  await expect(office).toHaveURL(new RegExp(`/office\\?order=${reportId}$`));

  // 8. The customer sees the report delivered, can still download it, and was told in the bell; the meeting
  //    keeps its time, how to join and "Add to calendar".
  await open(page, '/invoices');
  await expect(meetingCard.getByTestId('order-status')).toContainText('How to join: https://meet.example/northgate-42');
  await expect(meetingCard.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
  await expect(reportCard.getByTestId('order-status')).toContainText(/Delivered on/);
  await downloadsTheReport(page, reportCard.getByRole('button', { name: 'Download report (PDF)' }), pdf);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(list).toContainText(`Your order for ${reportService.title} was delivered on`);

  // 9. The mails: the invitation with its calendar file, the report with the same PDF, its delivery.
  await expect
    .poll(() => mailsTo(customer.email).filter((mail) => /content-type: text\/calendar/i.test(mail)).length)
    .toBe(1);
  const invitation = mailsTo(customer.email).find((mail) => /content-type: text\/calendar/i.test(mail))!;
  expect(readable(invitation)).toContain('https://meet.example/northgate-42');
  // The receipts carry their invoice documents as PDFs too: the report's mail is the one that says so.
  const reportMail = mailsTo(customer.email).find(
    (mail) => /content-type: application\/pdf/i.test(mail) && readable(mail).includes('Your report for'),
  );
  expect(reportMail).toBeDefined();
  expect(attachment(reportMail!, 'application/pdf')!.equals(pdf)).toBe(true);
  await expect
    .poll(() => mailsTo(customer.email).filter((mail) => /delivered/i.test(readable(mail))).length)
    .toBeGreaterThanOrEqual(1);

  // 10. The admin takes the role back: the office is gone for the colleague.
  await adminPage.reload();
  await passSplash(adminPage);
  const revoke = staff.getByRole('button', { name: `Revoke office access of ${colleague.name} (${colleague.email})` });
  const confirmRevoke = adminPage.getByRole('alertdialog', { name: 'Revoke office access?' });
  await revoke.click();
  await expect(confirmRevoke).toContainText(
    `${colleague.name} (${colleague.email}) will no longer reach the office area. You can grant access again later.`,
  );
  // Cancel keeps the colleague's role.
  await confirmRevoke.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmRevoke).toHaveCount(0);
  await expect(staff.getByTestId('staff-member').filter({ hasText: colleague.email })).toContainText('Office');
  await revoke.click();
  await confirmRevoke.getByRole('button', { name: 'Revoke access' }).click();
  await expect(toast(adminPage, `${colleague.name} no longer has access to the office.`)).toBeVisible();
  await expect(staff.getByTestId('staff-member').filter({ hasText: colleague.email })).toHaveCount(0);
  await open(office, '/office');
  await expect(office).toHaveURL(/\/not-found$/);
});

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

async function downloadsTheReport(page: Page, button: Locator, pdf: Buffer) {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync(await file.path()).equals(pdf)).toBe(true);
}

/** The office page at a phone's and a desktop's width, into the test's output folder (test-results/). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: page.url() }]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/office');
    await expect(page.getByTestId('office-order').first()).toBeVisible();
    if (width < 768) {
      // On a phone the top bar's links, the office among them, are in the side menu.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Menu links' }).getByRole('link', { name: 'Office' }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const path = testInfo.outputPath(`office-${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`office-${name}-${width}`, { path, contentType: 'image/png' });
    // The same page with an order open: beside the list on a desktop, instead of it on a phone.
    await page.getByTestId('office-order').first().click();
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const detailPath = testInfo.outputPath(`office-${name}-detail-${width}.png`);
    await page.screenshot({ path: detailPath, fullPage: true });
    await testInfo.attach(`office-${name}-detail-${width}`, { path: detailPath, contentType: 'image/png' });
    // The office's page is held to the same accessibility bar as the public ones.
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map(
        (violation) =>
          `${width}px: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  }
}
