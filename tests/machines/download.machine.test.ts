import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { downloadMachine, type FetchedFile } from '#machines/download.machine';
import { describePathTests } from './pathTest';
import { downloadSamples } from './samples';

describePathTests({ machine: downloadMachine, ...downloadSamples });

describe('the download flow', () => {
  it('fetches its URL, saves under the name the server gave or else its own, and shows a failure', async () => {
    const fetched: Array<{ url: string }> = [];
    const saved: Array<{ file: FetchedFile; fileName: string }> = [];
    const shown: string[] = [];
    const answers: Array<FetchedFile | Error> = [
      { blob: { size: 3, type: 'application/pdf' }, fileName: 'report-from-server.pdf' },
      { blob: { size: 3, type: 'application/pdf' }, fileName: null },
      new Error('The report is not ready yet.'),
    ];
    const actor = createActor(
      downloadMachine.provide({
        actors: {
          fetchFile: fromPromise(async ({ input }: { input: { url: string } }) => {
            fetched.push(input);
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        actions: {
          saveFile: (_, params: { file: FetchedFile; fileName: string }) => void saved.push(params),
          showError: (_, params: { message: string }) => void shown.push(params.message),
        },
      }),
      { input: { url: '/api/orders/1/report', fileName: 'report.pdf' } },
    ).start();
    expect(actor.getSnapshot().context).toEqual({ url: '/api/orders/1/report', fileName: 'report.pdf' });
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'download.start' });
      expect(actor.getSnapshot().value).toBe('downloading');
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    }
    expect(fetched).toEqual(Array(3).fill({ url: '/api/orders/1/report' }));
    expect(saved.map((entry) => entry.fileName)).toEqual(['report-from-server.pdf', 'report.pdf']);
    expect(saved[0]!.file.blob.type).toBe('application/pdf');
    expect(shown).toEqual(['The report is not ready yet.']);
  });
});

it('without a fetch wired in, pressing the button shows that it is missing', async () => {
  const shown: string[] = [];
  const actor = createActor(
    downloadMachine.provide({
      actions: { showError: (_, params: { message: string }) => void shown.push(params.message) },
    }),
    { input: { url: '/api/invoices/1/calendar', fileName: 'call.ics' } },
  ).start();
  actor.send({ type: 'download.start' });
  await vi.waitFor(() => expect(shown).toEqual(['fetchFile is not provided']));
  expect(actor.getSnapshot().value).toBe('idle');
});
