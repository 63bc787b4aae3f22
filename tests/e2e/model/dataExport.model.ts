/**
 * "Download my data" on the profile page in Chromium against the real server: a new customer presses the
 * button, the ZIP arrives as a download, and it holds data.json with the account's own e-mail address. The
 * failure comes about for real: the account's daily exports are used up through the API while the page's
 * request is held, so the server itself answers 429 and its text is the toast.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportMachine } from '#machines/dataExport.machine';
import { dataExportSamples } from '#tests/machines/dataExportSamples';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  file: HeldRequests;
  account: Awaited<ReturnType<typeof existingAccount>>;
}

const EXPORT_URL = '/api/users/export';
const ZIP_NAME = /^northgate-data-\d{4}-\d{2}-\d{2}\.zip$/;

const card = (page: Page) => page.getByRole('region', { name: 'Your data' });
const button = (page: Page) => card(page).getByRole('button', { name: 'Download my data' });

describeBrowserModel<typeof dataExportMachine, Ctx>({
  machine: dataExportMachine,
  model: {
    ...dataExportSamples,
    // The server always names the file; the failure is the real one, the daily limit's 429 (the network
    // failing under a download is the download model's).
    outputs: { fetchExport: [dataExportSamples.outputs!.fetchExport![0]] },
    errors: { fetchExport: [dataExportSamples.errors!.fetchExport![0]] },
  },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const file = await HeldRequests.on(page, `**${EXPORT_URL}`);
    await openApp(page, '/profile');
    await expect(card(page)).toContainText('A ZIP file with everything we hold about you');
    return { file, account };
  },
  states: {
    idle: async (page) => {
      await expect(button(page)).toBeEnabled();
      await expect(card(page).getByRole('status')).toHaveCount(0);
    },
    exporting: async (page) => {
      await expect(card(page).getByRole('progressbar', { name: 'Download my data: preparing' })).toBeVisible();
    },
    saved: async (page) => {
      await expect(button(page)).toBeEnabled();
      await expect(card(page).getByRole('status')).toHaveText(
        /^Saved as northgate-data-\d{4}-\d{2}-\d{2}\.zip\. We sent a note of this download to your e-mail address\.$/,
      );
    },
  },
  events: {
    'dataExport.start': (page) => button(page).click(),
  },
  outcomes: {
    fetchExport: {
      done: async (page, { file, account }) => {
        const download = page.waitForEvent('download');
        await file.release();
        const saved = await download;
        expect(saved.suggestedFilename()).toMatch(ZIP_NAME);
        const files = unzipSync(new Uint8Array(readFileSync(await saved.path())));
        const data = JSON.parse(strFromU8(files['data.json']!)) as { format: number; account: { email: string } };
        expect(data.format).toBe(1);
        expect(data.account.email).toBe(account.email.toLowerCase());
      },
      error: async (page, { file, account }) => {
        // Use up the day's exports outside the page; the held request then meets the server's own refusal.
        const headers = { authorization: `Bearer ${account.token}` };
        let status = 200;
        for (let tries = 0; status !== 429 && tries < 5; tries += 1) {
          status = (await page.request.get(EXPORT_URL, { headers })).status();
        }
        expect(status).toBe(429);
        await file.release();
        await expect(
          page.getByTestId('toast').filter({ hasText: 'Too many attempts. Please try again in 24 hours.' }),
        ).toHaveAttribute('data-variant', 'error');
      },
    },
  },
  delays: {},
});
