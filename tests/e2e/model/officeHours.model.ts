/**
 * The office's "My hours" editor in Chromium against the real server: an admin and an office colleague (made
 * with the roles command), the admin's editor on the "My hours" tab of /office. The server holds the sample's
 * hours (Monday full, no day off) for whoever is loaded, so the form shows what the snapshot holds; a save lets
 * the sample's answer through. Loads and saves fail by a real refusal of the server. The colleague holds one
 * call a customer chose, the admin none: the calls shown are the real server's for whoever is loaded.
 */
import { expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { AvailabilityRequest, AvailabilityResponse } from '#domain/bookingContract';
import { WEEKDAYS } from '#domain/booking';
import { dayLabel } from '#machines/lib/officeHoursProblem';
import { officeHoursMachine } from '#machines/officeHours.machine';
import { staffAdmin, staffOffice } from '#tests/machines/fixtures';
import { adminHours, officeHoursSamples } from '#tests/machines/officeHoursSamples';
import { callTimeText } from '#src/pages/office/orderView';
import { describeBrowserModel } from './browser';
import { type Account, giveCall, hoursFromNow, OFFICE_REQUESTS, paidOrder, scheduleCall, staffAccount } from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

type Member = Account & { id: string };

/** A call as "My hours" lists it. */
interface HeldCall {
  orderId: string;
  title: string;
  start: string;
  end: string;
  customer: Account;
}

interface Ctx {
  admin: Member;
  /** The real account behind each sample member's id. */
  members: Record<string, Member>;
  /** The calls each real member holds, by their id. */
  calls: Record<string, HeldCall[]>;
  load: HeldRequests;
  save: HeldRequests;
}

/** A customer's paid call, scheduled by the admin and given to `member`: the customer chose its time. */
async function callFor(page: Page, admin: Member, member: Member): Promise<HeldCall> {
  const customer = await existingAccount(page);
  const order = await paidOrder(page, customer, 1, 'Video Meeting');
  const start = hoursFromNow(30);
  await scheduleCall(page, admin, order.id, start);
  await giveCall(order.id, member.id, { start, chosenByCustomer: true, zone: 'Asia/Kathmandu' });
  const end = new Date(Date.parse(start) + 45 * 60_000).toISOString();
  return { orderId: order.id, title: order.title, start, end, customer };
}

/** The sample's hours, as they are sent. */
const SAMPLE_HOURS: AvailabilityRequest = { weekly: adminHours.weekly, daysOff: adminHours.daysOff };

/** Stores the sample's hours for a member (their own, or another's with an admin's token); answers their id. */
async function setHours(page: Page, token: string, memberId?: string): Promise<string> {
  const query = memberId === undefined ? '' : `?member=${encodeURIComponent(memberId)}`;
  const response = await page.request.put(`/api/office/availability${query}`, {
    headers: { authorization: `Bearer ${token}` },
    data: SAMPLE_HOURS,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AvailabilityResponse).memberId;
}

async function staffMember(page: Page, role: 'office' | 'admin'): Promise<Member> {
  const account = await staffAccount(page, role);
  return { ...account, id: await setHours(page, account.token) };
}

/** "Thu, 24 Dec 2027" for '2027-12-24', as the page names a day off. */
function dateLabel(date: string): string {
  return new Date(`${date}T00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

const panel = (page: Page) => page.getByRole('tabpanel', { name: 'My hours' });
const callsShown = (page: Page) => panel(page).getByRole('region', { name: /^(Your|Their) calls$/ });
const picker = (page: Page) => panel(page).getByLabel('Whose hours');
const timeInput = (page: Page, field: string) => panel(page).locator(`#hours-${field}`);
const button = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });

/** Clicks a button when the page offers it: an event the machine ignores has no control to press. */
async function clickIfOffered(page: Page, name: string) {
  const target = button(page, name);
  if ((await target.count()) > 0 && (await target.isEnabled())) await target.click();
}

/**
 * The calls the loaded member holds, as the server has them: "Your calls" for the admin's own, "Their calls" for
 * the colleague's, each with its time on the company's clock, its service linking to the order, and its customer.
 */
async function expectCalls(page: Page, ctx: Ctx, member: string | null) {
  const memberId = member === null ? ctx.admin.id : ctx.members[member]!.id;
  const section = panel(page).getByRole('region', { name: memberId === ctx.admin.id ? 'Your calls' : 'Their calls' });
  await expect(section).toBeVisible();
  const calls = ctx.calls[memberId] ?? [];
  const shown = section.getByTestId('member-call');
  await expect(shown).toHaveCount(calls.length);
  await expect(section.getByText('No calls booked yet.')).toHaveCount(calls.length === 0 ? 1 : 0);
  for (const [index, call] of calls.entries()) {
    const item = shown.nth(index);
    await expect(item.locator('time')).toHaveText(callTimeText(call));
    await expect(item.getByRole('link', { name: call.title })).toHaveAttribute('href', `/office?order=${call.orderId}`);
    await expect(item).toContainText('Video meeting · time chosen by the customer');
    await expect(item).toContainText(`${call.customer.name} · ${call.customer.email}`);
  }
}

/** The form as the snapshot holds it: every range, the days off, whose hours, and the problem by its field. */
async function expectForm(page: Page, ctx: Ctx, snapshot: SnapshotFrom<typeof officeHoursMachine>) {
  const { weekly, daysOff, problem, member } = snapshot.context;
  await expect(panel(page).getByRole('progressbar', { name: 'Loading hours' })).toHaveCount(0);
  await expectCalls(page, ctx, member);
  await expect(picker(page)).toHaveValue(member === null ? '' : ctx.members[member]!.id);
  for (const day of WEEKDAYS) {
    const ranges = weekly[day];
    const group = panel(page).getByRole('group', { name: dayLabel(day), exact: true });
    await expect(group.locator('input[type="time"]')).toHaveCount(ranges.length * 2);
    await expect(group.getByText('Not working')).toHaveCount(ranges.length === 0 ? 1 : 0);
    for (const [index, range] of ranges.entries()) {
      await expect(timeInput(page, `${day}-${index}-start`)).toHaveValue(range.start);
      await expect(timeInput(page, `${day}-${index}-end`)).toHaveValue(range.end);
    }
  }
  const listed = panel(page).getByRole('button', { name: /^Remove the day off / });
  await expect(listed).toHaveCount(daysOff.length);
  for (const date of daysOff) {
    await expect(button(page, `Remove the day off ${dateLabel(date)}`)).toBeVisible();
  }
  await expect(panel(page).locator('[aria-invalid="true"]')).toHaveCount(problem ? 1 : 0);
  if (problem) {
    const text = panel(page).locator(`#hours-${problem.field}-problem`);
    await expect(text).toHaveText(problem.message);
    await expect(panel(page).locator(`#hours-${problem.field}`)).toHaveAttribute(
      'aria-describedby',
      `hours-${problem.field}-problem`,
    );
  }
}

/** Unsaved edits (the samples' editor is an admin's): the picker waits until they are saved or discarded. */
async function expectChanged(page: Page, changed: boolean) {
  await expect(picker(page)).toBeEnabled({ enabled: !changed });
  await expect(panel(page).getByText('Save or discard your changes to pick someone else.')).toHaveCount(
    changed ? 1 : 0,
  );
}

describeBrowserModel<typeof officeHoursMachine, Ctx>({
  machine: officeHoursMachine,
  model: officeHoursSamples,
  start: async (page) => {
    const admin = await staffMember(page, 'admin');
    const colleague = await staffMember(page, 'office');
    const call = await callFor(page, admin, colleague);
    await withStoredToken(page, admin.token);
    const ctx: Ctx = {
      admin,
      members: { [staffAdmin.id]: admin, [staffOffice.id]: colleague },
      calls: { [colleague.id]: [call] },
      load: await HeldRequests.on(page, OFFICE_REQUESTS.availability, Infinity, 'GET'),
      save: await HeldRequests.on(page, OFFICE_REQUESTS.availability, Infinity, 'PUT'),
    };
    await openApp(page, '/office');
    await page.getByRole('tab', { name: 'My hours' }).click();
    return ctx;
  },
  states: {
    loading: async (page) => {
      await expect(panel(page).getByRole('progressbar', { name: 'Loading hours' })).toBeVisible();
      await expect(picker(page)).toBeDisabled();
      await expect(callsShown(page)).toHaveCount(0);
    },
    unavailable: async (page) => {
      await expect(panel(page).getByText('The hours could not be loaded.')).toBeVisible();
      await expect(button(page, 'Load hours again')).toBeVisible();
      await expect(panel(page).locator('form')).toHaveCount(0);
      await expect(callsShown(page)).toHaveCount(0);
    },
    'ready.clean': async (page, ctx, snapshot) => {
      await expectForm(page, ctx, snapshot);
      await expectChanged(page, false);
      await expect(button(page, 'Save hours')).toBeDisabled();
      await expect(button(page, 'Discard changes')).toBeDisabled();
      await expect(panel(page).getByRole('status')).toHaveText('');
    },
    'ready.changed': async (page, ctx, snapshot) => {
      await expectForm(page, ctx, snapshot);
      await expectChanged(page, true);
      await expect(button(page, 'Save hours')).toBeEnabled();
      await expect(button(page, 'Discard changes')).toBeEnabled();
    },
    'ready.saved': async (page, ctx, snapshot) => {
      await expectForm(page, ctx, snapshot);
      await expectChanged(page, false);
      await expect(panel(page).getByRole('status')).toHaveText('The hours are saved.');
      await expect(button(page, 'Save hours')).toBeDisabled();
    },
    'ready.saveFailed': async (page, ctx, snapshot) => {
      await expectForm(page, ctx, snapshot);
      await expectChanged(page, true);
      await expect(panel(page).getByRole('alert').filter({ hasText: 'The hours could not be saved.' })).toBeVisible();
      await expect(button(page, 'Try saving again')).toBeEnabled();
      await expect(button(page, 'Discard changes')).toBeEnabled();
    },
    saving: async (page, ctx, snapshot) => {
      await expectForm(page, ctx, snapshot);
      await expectChanged(page, true);
      await expect(panel(page).locator('form')).toHaveAttribute('aria-busy', 'true');
      await expect(panel(page).getByRole('progressbar', { name: 'Saving' })).toBeVisible();
      await expect(button(page, 'Discard changes')).toBeDisabled();
    },
  },
  events: {
    'hours.addRange': (page, _ctx, event) =>
      clickIfOffered(page, `Add a range of working time to ${dayLabel(event.day)}`),
    'hours.removeRange': (page, _ctx, event) =>
      clickIfOffered(page, `Remove ${dayLabel(event.day)}'s range ${event.index + 1}`),
    'hours.changeRange': async (page, _ctx, event) => {
      const input = timeInput(page, `${event.day}-${event.index}-${event.edge}`);
      if ((await input.count()) > 0 && (await input.isEnabled())) await input.fill(event.value);
    },
    // A date input holds only dates: a word never reaches the machine from it.
    'hours.addDayOff': async (page, _ctx, event) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(event.date)) return;
      await panel(page).getByLabel('Day off to add').fill(event.date);
      await clickIfOffered(page, 'Add the day off');
    },
    'hours.removeDayOff': (page, _ctx, event) => clickIfOffered(page, `Remove the day off ${dateLabel(event.date)}`),
    // The picker offers the members of the staff list, and only while nothing is unsaved.
    'hours.pickMember': async (page, ctx, event) => {
      const value = event.member === null ? '' : ctx.members[event.member]!.id;
      const select = picker(page);
      if (!(await select.isEnabled())) return;
      if ((await select.locator(`option[value="${value}"]`).count()) === 0) return;
      await select.selectOption(value);
    },
    'hours.save': (page) => clickIfOffered(page, 'Save hours'),
    'hours.retry': async (page) => {
      await clickIfOffered(page, 'Load hours again');
      await clickIfOffered(page, 'Try saving again');
    },
    'hours.discard': (page) => clickIfOffered(page, 'Discard changes'),
  },
  outcomes: {
    // The member asked for holds the sample's hours again first: a save earlier on the path changed them.
    loadHours: {
      done: async (page, ctx) => {
        const route = await ctx.load.next();
        const member = new URL(route.request().url()).searchParams.get('member') ?? undefined;
        await setHours(page, ctx.admin.token, member);
        await route.continue();
      },
      // A real refusal: no member has that id.
      error: async (_page, ctx) => {
        const route = await ctx.load.next();
        const url = new URL(route.request().url());
        url.searchParams.set('member', 'nobody');
        await route.continue({ url: url.toString() });
      },
    },
    // The server answers the hours it is sent: it is sent the sample's answer.
    saveHours: {
      done: async (_page, ctx, event) => {
        const { weekly, daysOff } = (event as unknown as { output: AvailabilityResponse }).output;
        await ctx.save.release(() => ({ weekly, daysOff }));
      },
      // A real refusal: a day off that is no date.
      error: async (_page, ctx) => {
        await ctx.save.release((body) => ({ ...body, daysOff: ['soon'] }));
      },
    },
  },
  delays: {},
});
