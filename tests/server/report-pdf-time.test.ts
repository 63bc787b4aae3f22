/**
 * The report check's CPU budget on large but honest files: a long line of comments and endless digits are read
 * in linear time and pass well within MAX_CHECK_MS (docs/decisions/0021-reports-parsed-not-sniffed.md). A file
 * of its own because its limit is the time itself: under mutation testing the instrumented parser runs several
 * times slower and would be refused, so vitest.mutation-server.config.ts leaves this file out.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_MS } from '#server/orders/pdf-objects';
import { CATALOG_AND_PAGE, handMadePdf, refusalOf } from './report-pdf-files';

describe('large honest structure is read within the time limit', () => {
  it('headers over one long line of comments, and digits without end, within the time limit', async () => {
    // The CPU time the checks took, which a busy machine does not stretch as it does the clock on the wall.
    const started = process.cpuUsage();
    const comments = `${'1 1 %'.repeat(400_000)}\n`;
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: comments }))).toBe('ok');
    const digits = `%${'7'.repeat(2_000_000)}\n${'7 '.repeat(500_000)}\n`;
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: digits }))).toBe('ok');
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(MAX_CHECK_MS);
  });
});
