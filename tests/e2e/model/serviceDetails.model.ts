/**
 * A service's page in Chromium: a known service shows a spinner for 3 s (on Playwright's clock), then the
 * service; an unknown id in the address goes to the not-found page at once.
 */
import { expect, type Page } from '@playwright/test';
import { serviceDetailsMachine, SERVICE_PAGE_MINIMUM_MS } from '#machines/serviceDetails.machine';
import { formatPrice, servicesByPrice } from '#domain/catalogue/services';
import { describeBrowserModel } from './browser';
import { NUDGE_MS, openStopped } from './pages';

const service = servicesByPrice[0]!;
const spinner = (page: Page) => page.getByRole('progressbar', { name: `Loading ${service.title}` });

describeBrowserModel<typeof serviceDetailsMachine, Record<string, never>>({
  machine: serviceDetailsMachine,
  model: { inputs: [{ known: true }, { known: false }], events: [] },
  start: async (page, input) => {
    const { known } = input as { known: boolean };
    await openStopped(
      page,
      `/service/${known ? service.id : 'no-such-service'}/details`,
      known ? spinner(page) : page.getByRole('heading', { level: 1, name: 'Oops!' }),
    );
    return {};
  },
  states: {
    // An eventless step: the machine never rests here, so no page can show it.
    checking: async () => {
      throw new Error("'checking' is transient and never observed");
    },
    loading: async (page) => {
      await expect(page).toHaveURL(new RegExp(`/service/${service.id}/details$`));
      await expect(spinner(page)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    },
    shown: async (page) => {
      await expect(spinner(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.title);
      await expect(page.getByLabel(`Price ${formatPrice(service.price)}`)).toBeVisible();
      await expect(page.getByRole('button', { name: "Let's go!" })).toBeVisible();
    },
    missing: async (page) => {
      await expect(page).toHaveURL(/\/not-found$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops!');
      await expect(page.getByText("We couldn't find the page you're looking for.")).toBeVisible();
    },
  },
  events: {},
  outcomes: {},
  delays: {
    // Short of the 3 s the spinner still shows (the page may have been up for a nudge of the clock already); then
    // the rest passes.
    pageMinimum: async (page) => {
      await page.clock.runFor(SERVICE_PAGE_MINIMUM_MS - 2 * NUDGE_MS);
      await expect(spinner(page)).toBeVisible();
      await page.clock.runFor(2 * NUDGE_MS);
    },
  },
});
