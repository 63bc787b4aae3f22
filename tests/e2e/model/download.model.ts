/**
 * The invoice card's report download in Chromium against the real server: a customer whose PDF report the
 * office has sent (through the office API) presses "Download report (PDF)"; the file arrives as a download,
 * or the network fails under it and an error toast says so.
 */
import { expect, type Page } from '@playwright/test';
import { downloadMachine } from '#machines/download.machine';
import { downloadSamples } from '#tests/machines/samples';
import { describeBrowserModel } from './browser';
import { paidOrder, staffAccount, tinyPdf } from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  file: HeldRequests;
  pdf: Buffer;
}

const button = (page: Page) => page.getByRole('button', { name: 'Download report (PDF)' });

describeBrowserModel<typeof downloadMachine, Ctx>({
  machine: downloadMachine,
  model: {
    ...downloadSamples,
    // The server always names the file.
    outputs: { fetchFile: [downloadSamples.outputs!.fetchFile![0]] },
  },
  start: async (page) => {
    const office = await staffAccount(page, 'office');
    const customer = await existingAccount(page);
    const order = await paidOrder(page, customer, 0, 'PDF Sent to Email');
    const pdf = tinyPdf('Model download');
    const sent = await page.request.post(`/api/office/orders/${order.id}/report`, {
      headers: { authorization: `Bearer ${office.token}` },
      multipart: { report: { name: 'audit.pdf', mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(sent.status()).toBe(200);
    await withStoredToken(page, customer.token);
    const file = await HeldRequests.on(page, /\/api\/orders\/[^/]+\/report$/);
    await openApp(page, '/invoices');
    return { file, pdf };
  },
  states: {
    idle: async (page) => {
      await expect(button(page)).toBeEnabled();
    },
    downloading: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Download report (PDF): downloading' })).toBeVisible();
    },
  },
  events: {
    'download.start': (page) => button(page).click(),
  },
  outcomes: {
    fetchFile: {
      done: async (page, { file, pdf }) => {
        const download = page.waitForEvent('download');
        await file.release();
        const saved = await download;
        expect(saved.suggestedFilename()).toBe('audit.pdf');
        const { readFileSync } = await import('node:fs');
        expect(readFileSync(await saved.path()).equals(pdf)).toBe(true);
      },
      error: async (page, { file }) => {
        await file.fail();
        await expect(page.getByTestId('toast').filter({ hasText: 'Network Error' })).toHaveAttribute(
          'data-variant',
          'error',
        );
      },
    },
  },
  delays: {},
});
