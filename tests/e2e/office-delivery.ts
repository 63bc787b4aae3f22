/**
 * The last steps of the office journey (office.spec.ts): the customer follows the orders, the office delivers
 * the report, the mails carry the files, and the admin takes the office role back.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { meetingService, type Queue, reportService } from './office-journey';
import { type Account, attachment, downloadsTheReport, readable, toast } from './office-support';
import { mailsTo, open, passSplash } from './support';

/** The customer's invoice cards of the two orders. */
export interface Cards {
  meetingCard: Locator;
  reportCard: Locator;
}

/**
 * 6. The customer sees the meeting's time, how to join and why later, and the report, in the card and the bell.
 * Answers the bell's list.
 */
export async function customerFollowsTheOrders(
  page: Page,
  testInfo: TestInfo,
  { meetingCard, reportCard }: Cards,
  pdf: Buffer,
): Promise<Locator> {
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
  return list;
}

/**
 * 7. The report is delivered, once confirmed, and leaves the queue for the delivered list. The meeting is not:
 *    it has not taken place yet, and the page says when it may be marked delivered (the server refuses it too).
 */
export async function officeDeliversTheReport(
  office: Page,
  detail: Locator,
  { rows, meetingRow, reportRow }: Queue,
  customer: Account,
) {
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
}

/** A link to the delivered order (the office e-mail's kind) opens it under the Delivered tab, beside that list. */
export async function deliveredOrderOpensByLink(
  office: Page,
  detail: Locator,
  { meetingRow, reportRow }: Queue,
  reportId: string,
) {
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
}

/**
 * 8. The customer sees the report delivered, can still download it, and was told in the bell; the meeting
 *    keeps its time, how to join and "Add to calendar".
 */
export async function customerSeesTheDelivery(
  page: Page,
  { meetingCard, reportCard }: Cards,
  pdf: Buffer,
  list: Locator,
) {
  await open(page, '/invoices');
  await expect(meetingCard.getByTestId('order-status')).toContainText('How to join: https://meet.example/northgate-42');
  await expect(meetingCard.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
  await expect(reportCard.getByTestId('order-status')).toContainText(/Delivered on/);
  await downloadsTheReport(page, reportCard.getByRole('button', { name: 'Download report (PDF)' }), pdf);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(list).toContainText(`Your order for ${reportService.title} was delivered on`);
}

/** 9. The mails: the invitation with its calendar file, the report with the same PDF, its delivery. */
export async function mailsCarryTheFiles(customer: Account, pdf: Buffer) {
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
}

/** 10. The admin takes the role back: the office is gone for the colleague. */
export async function adminRevokesTheOfficeRole(adminPage: Page, staff: Locator, office: Page, colleague: Account) {
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
}
