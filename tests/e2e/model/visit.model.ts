/**
 * The visit record in Chromium against the real server: a visitor who accepted cookies opens the landing page;
 * once the splash ends the page asks the (stand-in) geolocation service where the visitor is, giving up after
 * 3 s on Playwright's clock, then reports the visit. The visitor sees none of it: each state is asserted on
 * the requests the page makes and on what the server stored.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { GEOLOCATION_TIMEOUT_MS, type Geolocation, visitMachine } from '#machines/visit.machine';
import { describeBrowserModel } from './browser';
import { nudgeUntil, openStopped } from './pages';
import { HeldRequests } from './support';

interface Ctx {
  lookup: HeldRequests;
  /** The page's clock when the lookup went out: the 3 s the page gives it count from there. */
  lookupAt: Promise<number> | null;
  record: HeldRequests;
  /** The bodies of the visit reports the page made. */
  reports: Record<string, unknown>[];
  /** Whether the server took the report (it refuses a malformed one). */
  stored: boolean | null;
}

/** The stand-in geolocation service's answer (tests/e2e/serve.ts), as the page reads it. */
const MANCHESTER: Geolocation = {
  country_code: 'GB',
  country_name: 'United Kingdom',
  city: 'Manchester',
  postal: 'M1',
  latitude: 53.48,
  longitude: -2.24,
  IPv4: '203.0.113.7',
  state: 'England',
};

const GEOLOCATION = /\/json\/$/;

function storedVisits(visitor: string) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'storefront.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM visits WHERE visitor = ?').all(visitor) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

const visitorOf = (page: Page) => page.evaluate(() => localStorage.getItem('visitor'));

describeBrowserModel<typeof visitMachine, Ctx>({
  machine: visitMachine,
  model: {
    inputs: [{ user: null, visitor: 'visitor-1' }],
    events: [],
    outputs: { locate: [MANCHESTER] },
    errors: {
      locate: [new Error('unreachable')],
      recordVisit: [new Error('The visitor id must be 8 to 64 characters.')],
    },
  },
  start: async (page) => {
    await page
      .context()
      .addCookies([{ name: 'CookieConsent', value: 'true', url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
    const ctx: Ctx = {
      lookup: await HeldRequests.on(page, GEOLOCATION),
      record: await HeldRequests.on(page, '**/api/users/record-visit'),
      lookupAt: null,
      reports: [],
      stored: null,
    };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/record-visit') {
        ctx.reports.push(request.postDataJSON() as Record<string, unknown>);
      }
      if (GEOLOCATION.test(request.url())) ctx.lookupAt ??= page.evaluate(() => Date.now());
    });
    await openStopped(page, '/', page.getByRole('heading', { level: 1 }));
    // The record waits until the page has loaded and the browser is idle (an idle callback, which runs on the
    // page's stopped clock).
    await nudgeUntil(page, () => ctx.lookup.pending > 0);
    return ctx;
  },
  states: {
    locating: async (page, ctx) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Empowering Your Business/);
      await expect.poll(() => ctx.lookup.pending).toBe(1);
      expect(ctx.reports).toEqual([]);
    },
    recording: async (_page, ctx, snapshot) => {
      await expect.poll(() => ctx.record.pending).toBe(1);
      expect(ctx.reports).toHaveLength(1);
      expect(ctx.reports[0]).toMatchObject({ ...snapshot.context.place, user: null });
    },
    recorded: async (page, ctx, snapshot) => {
      expect(ctx.record.pending).toBe(0);
      expect(ctx.reports).toHaveLength(1);
      const visits = storedVisits((await visitorOf(page))!);
      if (!ctx.stored) {
        expect(visits).toEqual([]);
      } else {
        const { IPv4, ...place } = snapshot.context.place;
        expect(visits).toHaveLength(1);
        expect(visits[0]).toMatchObject({ ...place, ipv4: IPv4, user_id: null });
      }
      // Not the visitor's problem either way: the page says nothing.
      await expect(page.getByTestId('toast')).toHaveCount(0);
    },
  },
  events: {},
  outcomes: {
    // The stand-in service answers for real, or cannot be reached.
    locate: {
      done: async (_page, ctx) => {
        await ctx.lookup.release();
      },
      error: async (_page, ctx) => {
        await ctx.lookup.fail();
      },
    },
    // The server stores the report, or refuses one with a visitor id it does not accept.
    recordVisit: {
      done: async (page, ctx) => {
        const answer = page.waitForResponse('**/api/users/record-visit');
        await ctx.record.release();
        expect((await answer).status()).toBe(204);
        ctx.stored = true;
      },
      error: async (page, ctx) => {
        const answer = page.waitForResponse('**/api/users/record-visit');
        await ctx.record.release((body) => ({ ...body, visitor: 'short' }));
        expect((await answer).status()).toBe(400);
        ctx.stored = false;
      },
    },
  },
  delays: {
    // Just short of the 3 s the page still waits; then it gives up.
    geolocationTimeout: async (page, ctx) => {
      const since = (await page.evaluate(() => Date.now())) - (await ctx.lookupAt!);
      await page.clock.runFor(GEOLOCATION_TIMEOUT_MS - 1 - since);
      expect(ctx.reports).toEqual([]);
      await page.clock.runFor(1);
    },
  },
});
