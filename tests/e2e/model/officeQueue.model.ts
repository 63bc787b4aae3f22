/**
 * The office page in Chromium against the real server: an office member's queue with three of a customer's
 * paid orders (a video meeting, a PDF report, and a phone call nobody touches, so the queue is never empty),
 * opened plainly or from the office e-mail's link. Each list answer comes from the real server, narrowed to
 * these three orders (other tests' orders share the queue). The sample lists cover every state the three can
 * be in; a path takes, at each load, the one list that is true after what the path did so far.
 */
import { expect, type Page } from '@playwright/test';
import { company } from '#domain/company';
import type { OfficeOrder } from '#domain/officeContract';
import { isoToZonedInput } from '#domain/zonedTime';
import {
  deliverAt,
  COUNTDOWN_REFRESH_MS,
  needsReason,
  officeQueueMachine,
  offersSchedule,
  orderCan,
} from '#machines/officeQueue.machine';
import {
  callDelivered,
  callPaid,
  callScheduled,
  callScheduledLate,
  canaryPaid,
  reportDelivered,
  reportPaid,
  reportSent,
} from '#tests/machines/fixtures';
import { officeQueueSamples, officeQueueState } from '#tests/machines/samples';
import { STATUS_LABELS } from '#src/pages/office/orderView';
import { describeBrowserModel } from './browser';
import {
  type Account,
  notAPdfUpload,
  OFFICE_REQUESTS,
  paidOrder,
  type PaidOrder,
  staffAccount,
  tinyPdf,
} from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  /** The real order behind each sample order's id. */
  orders: Record<string, PaidOrder>;
  /** The customer who ordered them all. */
  customer: Account;
  list: HeldRequests;
  one: HeldRequests;
  schedule: HeldRequests;
  report: HeldRequests;
  deliver: HeldRequests;
}

type Context = ReturnType<typeof officeQueueMachine.getInitialSnapshot>['context'];

const HOUR_MS = 60 * 60 * 1000;
const WITHIN_SAMPLE = '2026-11-23T15:00';

/** Every state the three orders can be in, in the queue (delivered ones leave it). */
const queueLists: OfficeOrder[][] = [];
for (const call of [callPaid, callScheduled, callScheduledLate, null]) {
  for (const report of [reportPaid, reportSent, null]) {
    queueLists.push([call, report, canaryPaid].filter((order) => order !== null));
  }
}

const key = (orders: OfficeOrder[]) =>
  orders.map((order) => `${order.id}:${order.status}:${order.lateReason !== null}`).join();

/** Nothing changed yet: every order of the path is still paid and in the queue. */
function pristine(context: Context): boolean {
  const seen = [...context.orders, ...(context.selected ? [context.selected] : [])];
  return seen.every((order) => order.status === 'paid') && (context.orders.length === 0 || context.orders.length === 3);
}

/** What the server's list says now, after what the path did (it only switches list while nothing changed). */
function truth(context: Context): OfficeOrder[] {
  if (context.view !== 'queue') return [];
  const base = context.orders.length > 0 ? context.orders : [callPaid, reportPaid, canaryPaid];
  return base
    .map((order) => (context.selected?.id === order.id ? context.selected : order))
    .filter((order) => order.status !== 'delivered');
}

/** The sample's time within the promise, or after it, as a real time from now on the company's clock. */
function realAt(sample: string): string {
  const offset = sample === WITHIN_SAMPLE ? 2 * HOUR_MS : 30 * HOUR_MS;
  return isoToZonedInput(new Date(Date.now() + offset).toISOString(), company.timeZone);
}

const detail = (page: Page) => page.getByTestId('order-detail');
const confirmation = (page: Page) => page.getByRole('alertdialog', { name: 'Mark this order delivered?' });

/** Presses a button if a person could: a missing or disabled one does nothing. */
async function press(page: Page, name: string | RegExp) {
  const target = page.getByRole('button', { name, exact: typeof name === 'string' });
  if ((await target.count()) > 0 && (await target.isEnabled())) await target.click();
}

describeBrowserModel<typeof officeQueueMachine, Ctx>({
  machine: officeQueueMachine,
  model: {
    ...officeQueueSamples,
    outputs: {
      loadOrders: [...queueLists, []],
      loadOrder: [reportPaid],
      scheduleCall: [callScheduled, callScheduledLate],
      uploadReport: [reportSent],
      deliverOrder: [callDelivered, reportDelivered],
    },
    filterEvents: (snapshot, event) => {
      if (!officeQueueSamples.filterEvents!(snapshot, event)) return false;
      const context = snapshot.context;
      const settled = event as { type: string; output?: OfficeOrder & OfficeOrder[] };
      switch (settled.type) {
        case 'xstate.done.actor.loadOrders':
          return key(settled.output!) === key(truth(context));
        case 'xstate.done.actor.scheduleCall':
          return (settled.output!.lateReason !== null) === needsReason(context);
        case 'xstate.done.actor.deliverOrder':
          return settled.output!.id === context.selected?.id;
        case 'office.switchView':
          return pristine(context);
        default:
          return true;
      }
    },
    // The list shown decides what the server answers here, so it tells states apart too.
    serializeState: (snapshot) => JSON.stringify([officeQueueState(snapshot), snapshot.context.view]),
  },
  start: async (page, input) => {
    const staff = await staffAccount(page, 'office');
    const customer = await existingAccount(page);
    // Paid in this order: the queue lists the oldest payment first.
    const orders = {
      [callPaid.id]: await paidOrder(page, customer, 1, 'Video Meeting', 'shop.example.com'),
      [reportPaid.id]: await paidOrder(page, customer, 0, 'PDF Sent to Email'),
      [canaryPaid.id]: await paidOrder(page, customer, 2, 'Phone Call'),
    };
    await withStoredToken(page, staff.token);
    const ctx: Ctx = {
      orders,
      customer,
      list: await HeldRequests.on(page, OFFICE_REQUESTS.list),
      one: await HeldRequests.on(page, OFFICE_REQUESTS.one),
      schedule: await HeldRequests.on(page, OFFICE_REQUESTS.schedule),
      report: await HeldRequests.on(page, OFFICE_REQUESTS.report),
      deliver: await HeldRequests.on(page, OFFICE_REQUESTS.deliver),
    };
    const opening = (input as { orderId?: string }).orderId;
    await openApp(page, opening ? `/office?order=${orders[opening]!.id}` : '/office');
    return ctx;
  },
  states: {
    'clock.ticking': async (page) => {
      // Behind the modal confirmation the page is still on screen, though hidden from assistive technology.
      await expect(page.getByRole('heading', { level: 1, name: 'Office', includeHidden: true })).toBeVisible();
    },
    'desk.start': () => {
      throw new Error("'start' is transient and never observed");
    },
    'desk.loading': async (page) => {
      await expect(page.locator('#office-list')).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    },
    'desk.opening': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Loading orders' })).toBeVisible();
      await expect(detail(page)).toHaveCount(0);
    },
    'desk.unavailable': async (page) => {
      await expect(page.getByRole('button', { name: 'Load orders again' })).toBeVisible();
      await expect(page.getByTestId('office-order')).toHaveCount(0);
    },
    'desk.ready': async (page, ctx, snapshot) => {
      const { orders, selected, report } = snapshot.context;
      await expect(page.locator('#office-list')).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      const rows = page.getByTestId('office-order');
      if (!(selected && page.viewportSize()!.width < 900)) {
        await expect(rows).toHaveCount(orders.length);
        for (const [index, order] of orders.entries()) {
          await expect(rows.nth(index)).toContainText(ctx.orders[order.id]!.title);
          await expect(rows.nth(index)).toContainText(STATUS_LABELS[order.status]);
        }
      }
      if (!selected) {
        await expect(detail(page)).toHaveCount(0);
        return;
      }
      const shown = detail(page);
      await expect(shown.getByRole('heading', { level: 2 })).toHaveText(ctx.orders[selected.id]!.title);
      await expect(shown.locator('.office-detail__status')).toContainText(STATUS_LABELS[selected.status]);
      // What may happen next is what the order machine allows, as the server would.
      await expect(shown.getByRole('form', { name: 'Schedule the call' })).toHaveCount(
        offersSchedule(selected) ? 1 : 0,
      );
      await expect(shown.getByLabel(/Why later than promised/)).toHaveCount(needsReason(snapshot.context) ? 1 : 0);
      // Delivery is offered when it may happen now, and shown unavailable, with why, for a call yet to start.
      const deliverableNow = orderCan(selected, deliverAt(snapshot.context.now));
      const atCall =
        !deliverableNow &&
        selected.scheduledAt !== null &&
        orderCan(selected, { type: 'order.deliver', at: selected.scheduledAt });
      await expect(shown.getByRole('button', { name: 'Mark delivered' })).toHaveCount(deliverableNow || atCall ? 1 : 0);
      await expect(shown.getByTestId('deliver-hint')).toHaveCount(atCall ? 1 : 0);
      const sendReport = shown.getByRole('button', { name: 'Send report' });
      if (orderCan(selected, { type: 'order.sendReport' })) {
        await expect(sendReport).toBeEnabled({ enabled: report !== null });
      } else await expect(sendReport).toHaveCount(0);
    },
    'desk.scheduling': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Scheduling the call' })).toBeVisible();
    },
    'desk.sendingReport': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Sending the report' })).toBeVisible();
    },
    // The question names the order and says what follows; focus starts on Cancel.
    'desk.confirmingDelivery': async (page, ctx, snapshot) => {
      const dialog = confirmation(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        `${ctx.orders[snapshot.context.selected!.id]!.title} for ${ctx.customer.name} (${ctx.customer.email})`,
      );
      await expect(dialog).toContainText('the customer is told by e-mail');
      await expect(dialog).toContainText('the order moves to the Delivered list');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    },
    'desk.delivering': async (page) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByRole('progressbar', { name: 'Marking delivered' })).toBeVisible();
      // The dialog's button is gone and the one that opened it is busy: the reader is on the order's title.
      await expect(detail(page).getByRole('heading', { level: 2 })).toBeFocused();
    },
  },
  events: {
    'office.switchView': async (page, _ctx, event) => {
      const names = { queue: 'Queue', unpaid: 'Unpaid', delivered: 'Delivered' } as const;
      await page.getByRole('tab', { name: names[event.view] }).click();
    },
    'office.reload': (page) => page.getByRole('button', { name: 'Refresh' }).click(),
    'office.select': async (page, ctx, event) => {
      const row = page.getByTestId('office-order').filter({ hasText: ctx.orders[event.id]!.title });
      if ((await row.count()) === 0) return;
      // On a phone the open order takes the screen, and the list waits behind "Back to the list".
      if (!(await row.isVisible())) await page.getByRole('button', { name: 'Back to the list' }).click();
      await row.click();
    },
    'office.deselect': (page) => page.getByRole('button', { name: 'Back to the list' }).click(),
    'office.editSchedule': async (page, _ctx, event) => {
      const form = detail(page);
      if (event.field === 'at') await form.getByLabel(/^Date and time/).fill(realAt(event.value));
      else if (event.field === 'join') await form.getByLabel('How to join').fill(event.value);
      else await form.getByLabel(/Why later than promised/).fill(event.value);
    },
    'office.schedule': (page) => press(page, /^(Schedule|Move) call$/),
    'office.chooseReport': async (page, _ctx, event) => {
      const pdf = event.file.type === 'application/pdf';
      const [name, buffer] = pdf ? ['audit.pdf', tinyPdf('Model report')] : ['notes.txt', Buffer.from('notes')];
      await detail(page)
        .getByLabel(/^Report \(PDF/)
        .setInputFiles({ name, mimeType: event.file.type, buffer });
    },
    'office.sendReport': (page) => press(page, 'Send report'),
    'office.deliver': (page) => press(page, 'Mark delivered'),
    'office.confirm': (page) => confirmation(page).getByRole('button', { name: 'Mark delivered' }).click(),
    'office.cancel': (page) => confirmation(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  outcomes: {
    // The real list, narrowed to this path's orders.
    loadOrders: {
      done: async (_page, ctx) => {
        const ours = new Set(Object.values(ctx.orders).map((order) => order.id));
        await ctx.list.answerWith((body) => ({
          ...body,
          orders: (body.orders as { id: string }[]).filter((order) => ours.has(order.id)),
        }));
      },
      error: async (_page, ctx) => {
        await ctx.list.fail();
      },
    },
    loadOrder: {
      done: async (_page, ctx) => {
        await ctx.one.release();
      },
      error: async (_page, ctx) => {
        await ctx.one.fail();
      },
    },
    // The server refuses a time in the past.
    scheduleCall: {
      done: async (_page, ctx) => {
        await ctx.schedule.release();
      },
      error: async (page, ctx) => {
        await ctx.schedule.release((body) => ({ ...body, at: new Date(Date.now() - HOUR_MS).toISOString() }));
        await expect(page.getByTestId('toast').last()).toHaveAttribute('data-variant', 'error');
      },
    },
    // The server judges the bytes: a "PDF" that is not one is refused.
    uploadReport: {
      done: async (_page, ctx) => {
        await ctx.report.release();
      },
      error: async (page, ctx) => {
        const { postData, contentType } = notAPdfUpload();
        await ctx.report.releaseWith(postData, contentType);
        await expect(page.getByTestId('toast').last()).toHaveAttribute('data-variant', 'error');
      },
    },
    deliverOrder: {
      done: async (_page, ctx) => {
        await ctx.deliver.release();
      },
      error: async (_page, ctx) => {
        await ctx.deliver.fail();
      },
    },
  },
  delays: {
    countdownRefresh: async (page) => {
      const badge = page.getByTestId('promise').first();
      if ((await badge.count()) === 0) return page.clock.runFor(COUNTDOWN_REFRESH_MS);
      const before = await badge.textContent();
      await page.clock.runFor(COUNTDOWN_REFRESH_MS);
      await expect(badge).not.toHaveText(before!);
    },
  },
});
