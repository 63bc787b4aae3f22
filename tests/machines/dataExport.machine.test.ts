import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DATA_EXPORT_FALLBACK_NAME, dataExportMachine } from '#machines/dataExport.machine';
import type { FetchedFile } from '#machines/download.machine';
import { describePathTests } from './pathTest';
import { dataExportSamples } from './dataExportSamples';

describePathTests({
  machine: dataExportMachine,
  ...dataExportSamples,
  check: (snapshot) => {
    // The card names a saved file only once one was saved, and keeps naming it while another is fetched.
    if (snapshot.matches('saved')) expect(snapshot.context.savedAs).not.toBeNull();
  },
});

describe('the data export flow', () => {
  it('saves under the name the server gave or else its own, says so, and toasts a failure', async () => {
    const saved: Array<{ file: FetchedFile; fileName: string }> = [];
    const shown: string[] = [];
    const answers: Array<FetchedFile | Error> = [
      { blob: { size: 10, type: 'application/zip' }, fileName: 'northgate-data-2026-11-26.zip' },
      new Error('Too many attempts. Please try again in 24 hours.'),
      { blob: { size: 10, type: 'application/zip' }, fileName: null },
    ];
    const actor = createActor(
      dataExportMachine.provide({
        actors: {
          fetchExport: fromPromise(async () => {
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
    ).start();
    expect(actor.getSnapshot().context).toEqual({ savedAs: null });

    actor.send({ type: 'dataExport.start' });
    expect(actor.getSnapshot().value).toBe('exporting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(actor.getSnapshot().context.savedAs).toBe('northgate-data-2026-11-26.zip');

    actor.send({ type: 'dataExport.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(shown).toEqual(['Too many attempts. Please try again in 24 hours.']);
    // The earlier file is still named: it was saved.
    expect(actor.getSnapshot().context.savedAs).toBe('northgate-data-2026-11-26.zip');

    actor.send({ type: 'dataExport.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    // Without the server's name, one of its own that a file system takes: a ZIP's, plain letters.
    expect(actor.getSnapshot().context.savedAs).toBe(DATA_EXPORT_FALLBACK_NAME);
    expect(DATA_EXPORT_FALLBACK_NAME).toMatch(/^[a-z][a-z-]*\.zip$/);
    expect(saved.map((entry) => entry.fileName)).toEqual(['northgate-data-2026-11-26.zip', DATA_EXPORT_FALLBACK_NAME]);
    expect(saved[0]!.file.blob.type).toBe('application/zip');
  });

  it('without a fetch wired in, pressing the button shows that it is missing', async () => {
    const shown: string[] = [];
    const actor = createActor(
      dataExportMachine.provide({
        actions: { showError: (_, params: { message: string }) => void shown.push(params.message) },
      }),
    ).start();
    actor.send({ type: 'dataExport.start' });
    await vi.waitFor(() => expect(shown).toEqual(['fetchExport is not provided']));
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
