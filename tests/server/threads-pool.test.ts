/**
 * The worker pool itself (server/threads/pool.ts), in this process: the in-process tests otherwise run the work
 * in their own thread, and the compiled server's tests (documents-process.test.ts) run a build of the sources
 * made before any change. Here the worker is built from the sources now, as the compiled server's build does,
 * and the pool's tasks, its full queue and its errors are checked against the same work done in this thread.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors';
import { renderInvoicePdf } from '#server/invoices/document/pdf';
import { THREADS_BUSY_TEXT, type Threads, createThreads } from '#server/threads/pool';
import { sampleDocument } from './invoice-document-sample';
import { tinyPdf } from './office-helpers';

// Inside the project, so the worker's imports of packages resolve from its node_modules.
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const outDir = mkdtempSync(join(cache, 'storefront-threads-'));
let pool: Threads;

beforeAll(async () => {
  // The worker entry of vite.server.config.ts, alone: packages stay imports Node resolves from node_modules.
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      target: 'node24',
      minify: false,
      rolldownOptions: {
        input: { 'threads-worker': 'server/threads/worker.ts' },
        output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}, 60_000);

// A pool of each test's own: made inside the test, where a mutation run has switched its mutant on.
beforeEach(() => {
  pool = createThreads(1, join(outDir, 'threads-worker.js'));
});
afterEach(async () => {
  await pool.close();
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('the worker pool', () => {
  it('says it works in threads; without a compiled worker the same work is done here', async () => {
    expect(pool.where).toBe('threads');
    const here = createThreads(1, undefined);
    expect(here.where).toBe('here');
    expect(Object.keys(unzipSync(await here.zip({ 'a.txt': new TextEncoder().encode('a') })))).toEqual(['a.txt']);
    await here.close();
  });

  it('draws an invoice document in a thread, the same bytes as drawn here', async () => {
    const drawn = await pool.draw(sampleDocument());
    expect(Buffer.from(drawn).equals(Buffer.from(await renderInvoicePdf(sampleDocument())))).toBe(true);
  });

  it('zips a data export in a thread', async () => {
    const zipped = await pool.zip({ 'account.json': new TextEncoder().encode('{"name":"Ada"}') });
    expect(Object.keys(unzipSync(zipped))).toEqual(['account.json']);
    expect(strFromU8(unzipSync(zipped)['account.json']!)).toBe('{"name":"Ada"}');
  });

  it('checks a report in a thread: a PDF passes, anything else is refused with its reason', async () => {
    expect(await pool.checkReport(tinyPdf())).toEqual({ ok: true });
    const refused = await pool.checkReport(new TextEncoder().encode('<html>not a report</html>'));
    expect(refused).toMatchObject({ ok: false, status: 415 });
  });

  it('answers 503 for work past the waiting list, and does the rest', async () => {
    const entries = { 'a.txt': new TextEncoder().encode('a') };
    // One thread and 200 places to wait: asked at once, some of these 260 cannot even wait.
    const results = await Promise.allSettled(Array.from({ length: 260 }, () => pool.zip(entries)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(200);
    for (const { reason } of refused as PromiseRejectedResult[]) {
      expect(reason).toBeInstanceOf(HttpError);
      expect((reason as HttpError).status).toBe(503);
      expect((reason as HttpError).en).toBe(THREADS_BUSY_TEXT);
    }
  });

  it('passes on a failure of the work itself as it is, not as a busy site', async () => {
    const failure = await pool.draw({} as Parameters<Threads['draw']>[0]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(HttpError);
  });

  it('stops its threads on close, with the work they were doing', async () => {
    const own = createThreads(1, join(outDir, 'threads-worker.js'));
    expect(await own.checkReport(tinyPdf())).toEqual({ ok: true });
    const drawing = own.draw(sampleDocument()).then(
      () => 'drawn',
      (error: unknown) => error,
    );
    await own.close();
    expect(await drawing).toEqual(expect.objectContaining({ message: 'Terminating worker thread' }));
  });
});
