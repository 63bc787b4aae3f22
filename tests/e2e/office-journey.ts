/**
 * The steps of the office journey (office.spec.ts), in the order the test takes them: each step is a part of
 * one story, and leaves the pages and orders the next step goes on with.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { servicesByPrice } from '#domain/catalogue/services';
import { company } from '#domain/company';
import { DELIVERY_PROMISE_MS } from '#domain/orders';
import { isoToZonedInput } from '#domain/zonedTime';
import { COUNTDOWN_REFRESH_MS } from '#machines/officeQueue.machine';
import { roles, tinyPdf } from './model/office';
import { openApp } from './model/support';
import { type Account, bearer, orderAndPay, readable, registerByApi, toast } from './office-support';
import { mailsTo, open, passSplash, register } from './support';

const HOUR_MS = 60 * 60 * 1000;

export const meetingService = servicesByPrice[1]!;
export const reportService = servicesByPrice[0]!;

/** The three people of the journey. */
export interface People {
  admin: Account;
  colleague: Account;
  customer: Account;
}

/** The office's queue and its two rows of this customer's orders. */
export interface Queue {
  rows: Locator;
  meetingRow: Locator;
  reportRow: Locator;
}

/** The first admin comes from the command line; the colleague is an ordinary account until granted. */
export async function accountsAndTheFirstAdmin(page: Page, baseURL: string, { admin, colleague }: People) {
  // The cookie banner is answered, so that it covers nothing in the screenshots.
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL }]);
  await registerByApi(page, admin);
  await registerByApi(page, colleague);
  await roles('grant', 'admin', admin.email);
}

/** 1. The admin finds the office in the top bar and grants the colleague the office role; answers the panel. */
export async function adminGrantsTheOfficeRole(adminPage: Page, { admin, colleague }: People): Promise<Locator> {
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
  return staff;
}

/** 2. The customer orders a video meeting (for a website) and a PDF report, and pays both in the sandbox. */
export async function customerOrdersAndPays(page: Page, customer: Account) {
  await register(page, customer);
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
  return { meetingId, reportId, meetingCard, reportCard };
}

/** The office was e-mailed each paid order, with a link that opens it; answers the meeting's link. */
export async function officeWasMailed(meetingId: string, reportId: string): Promise<string> {
  const officeMailFor = (id: string) =>
    mailsTo(company.supportEmail)
      .map(readable)
      .find((mail) => mail.includes(`/office?order=${id}`)) ?? '';
  await expect.poll(() => officeMailFor(reportId)).not.toBe('');
  await expect.poll(() => officeMailFor(meetingId)).not.toBe('');
  const officeMail = officeMailFor(meetingId);
  return /https?:\/\/\S+\/office\?order=[\w-]+/.exec(officeMail)![0];
}

/** 3. The colleague, now office staff, sees both orders in the queue with what the office needs to know. */
export async function colleagueSeesTheQueue(office: Page, customer: Account): Promise<Queue> {
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
  return { rows, meetingRow, reportRow };
}

/** A day and two hours on (the page's clock only): overdue stands out, and the countdown moves every minute. */
export async function overdueStandsOut(office: Page, testInfo: TestInfo, customer: Account) {
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
}

/** The office e-mail's link opens the meeting order itself, invoice document included; answers the detail. */
export async function officeLinkOpensTheOrder(office: Page, officeLink: string): Promise<Locator> {
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
  return detail;
}

/** 4. Scheduling: a time after the promise asks why; the customer is told the reason. */
export async function colleagueSchedulesTheCall(office: Page, detail: Locator, colleague: Account) {
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
}

/** 5. The report: a file that is not a PDF is refused in the page; a PDF is sent. Answers the PDF sent. */
export async function colleagueSendsTheReport(office: Page, detail: Locator, reportRow: Locator): Promise<Buffer> {
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
  return pdf;
}
