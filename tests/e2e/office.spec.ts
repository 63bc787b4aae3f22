/**
 * The office journey, in Chromium against the real server: an admin (made with the roles command) gives a
 * colleague the office role; a customer orders and pays a video meeting and a PDF report; the colleague finds
 * both in the queue (and follows the office e-mail's link to one), schedules the meeting, sends a PDF and marks
 * both delivered; the customer sees each step on the invoices page and in the bell, downloads the calendar
 * file and the report, and receives the mails with both attached on the loopback SMTP server. One story, told
 * in its numbered steps (office-journey.ts, office-delivery.ts): each step goes on from where the last one left.
 */
import { test } from '@playwright/test';
import {
  adminRevokesTheOfficeRole,
  customerFollowsTheOrders,
  customerSeesTheDelivery,
  deliveredOrderOpensByLink,
  mailsCarryTheFiles,
  officeDeliversTheReport,
} from './office-delivery';
import {
  accountsAndTheFirstAdmin,
  adminGrantsTheOfficeRole,
  colleagueSchedulesTheCall,
  colleagueSeesTheQueue,
  colleagueSendsTheReport,
  customerOrdersAndPays,
  officeLinkOpensTheOrder,
  officeWasMailed,
  overdueStandsOut,
} from './office-journey';
import { screenshots, signedInPage } from './office-support';
import { newAccount } from './support';

test('the office delivers a meeting and a report; the customer follows every step', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const people = {
    admin: { ...newAccount(), name: 'Ada Admin' },
    colleague: { ...newAccount(), name: 'Olive Office' },
    customer: { ...newAccount(), name: 'Carla Customer' },
  };
  const { colleague, customer } = people;
  await accountsAndTheFirstAdmin(page, baseURL!, people);

  const adminPage = await signedInPage(browser, baseURL!, people.admin);
  const staff = await adminGrantsTheOfficeRole(adminPage, people);

  const { meetingId, reportId, ...cards } = await customerOrdersAndPays(page, customer);
  const officeLink = await officeWasMailed(meetingId, reportId);

  const office = await signedInPage(browser, baseURL!, colleague);
  const queue = await colleagueSeesTheQueue(office, customer);
  await screenshots(office, testInfo, 'queue');
  await overdueStandsOut(office, testInfo, customer);

  const detail = await officeLinkOpensTheOrder(office, officeLink);
  await colleagueSchedulesTheCall(office, detail, colleague);
  const pdf = await colleagueSendsTheReport(office, detail, queue.reportRow);

  const bellList = await customerFollowsTheOrders(page, testInfo, cards, pdf);

  await officeDeliversTheReport(office, detail, queue, customer);
  await deliveredOrderOpensByLink(office, detail, queue, reportId);

  await customerSeesTheDelivery(page, cards, pdf, bellList);
  await mailsCarryTheFiles(customer, pdf);

  await adminRevokesTheOfficeRole(adminPage, staff, office, colleague);
});
