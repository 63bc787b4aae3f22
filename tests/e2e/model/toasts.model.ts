import { expect, type Page } from '@playwright/test';
import { toastsMachine } from '#machines/toasts.machine';
import { describeBrowserModel } from './browser';
import { openApp, stopTheClock } from './support';

/**
 * The toasts a person causes on the youth-programme page: submitting adds 'Sending your application…',
 * 1.5 s later the same toast is updated to the success text (or shown again if it was closed), and the
 * close button removes it.
 */
const YOUTH = 'youth-application';
const SENDING = 'Sending your application…';
const SENT = 'Your application has been sent successfully';

async function submitApplication(page: Page) {
  await page.getByLabel('Full name').fill('Sam Taylor');
  await page.getByLabel('Email address').fill('sam@example.com');
  await page.getByLabel('Phone number').fill('07123 456789');
  await page.getByLabel('Why do you want to join?').fill('I want to build websites for charities.');
  await page.getByRole('button', { name: 'Send application' }).click();
}

describeBrowserModel<typeof toastsMachine, Record<string, never>>({
  machine: toastsMachine,
  model: {
    events: [
      { type: 'toast.add', toast: { id: YOUTH, title: SENDING } },
      { type: 'toast.update', id: YOUTH, changes: { title: SENT, variant: 'success' } },
      { type: 'toast.remove', id: YOUTH },
    ],
    // One application per path: submitting once, then what can follow it.
    filterEvents: (snapshot, event) => {
      const { toasts, nextId } = snapshot.context;
      if (event.type === 'toast.add') return nextId === 1;
      if (event.type === 'toast.update') return nextId === 2 && !toasts.some((t) => t.title === SENT);
      return toasts.length > 0;
    },
    stopWhen: (snapshot) => snapshot.context.toasts.some((t) => t.title === SENT) || snapshot.context.nextId > 2,
  },
  start: async (page) => {
    await openApp(page, '/youth-project');
    // The page is loaded lazily: the clock stops only once the form shows, so that nothing the page does on
    // its way there waits on a clock that does not move.
    await expect(page.getByLabel('Full name')).toBeVisible();
    return {};
  },
  states: {
    showing: async (page, _ctx, snapshot) => {
      const shown = page.getByTestId('toast');
      await expect(shown).toHaveCount(snapshot.context.toasts.length);
      for (const [index, toast] of snapshot.context.toasts.entries()) {
        await expect(shown.nth(index)).toContainText(toast.title);
        await expect(shown.nth(index)).toHaveAttribute('data-variant', toast.variant);
      }
    },
  },
  events: {
    // From here time moves only when a step moves it, so the 1.5 s until the update cannot pass on its own
    // while the next step is still on its way on a slow machine.
    'toast.add': async (page) => {
      await stopTheClock(page);
      await submitApplication(page);
      // The toaster is loaded lazily, on the first toast: let time pass while its code arrives, a little at a
      // time, staying well within the 1.5 s.
      for (let tick = 0; tick < 12 && (await page.getByTestId('toast').count()) === 0; tick += 1) {
        await page.waitForTimeout(50);
        await page.clock.runFor(100);
      }
      await expect(page.getByTestId('toast')).toHaveCount(1);
    },
    'toast.update': (page) => page.clock.runFor(1500),
    'toast.remove': async (page) => {
      await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    },
  },
  outcomes: {},
  delays: {
    toastDuration: (page) => page.clock.runFor(5000),
  },
});
