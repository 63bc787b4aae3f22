/**
 * The data export machine (machines/dataExport.machine.ts): sample events, answers and failures, shared by its
 * path test and its browser model (tests/e2e/model/dataExport.model.ts).
 */
import type { dataExportMachine } from '#machines/dataExport.machine';
import type { PathTestOptions } from '#toolkit';

export const dataExportSamples: Pick<PathTestOptions<typeof dataExportMachine>, 'events' | 'outputs' | 'errors'> = {
  events: [{ type: 'dataExport.start' }],
  outputs: {
    fetchExport: [
      { blob: { size: 4096, type: 'application/zip' }, fileName: 'northgate-data-2026-11-26.zip' },
      { blob: { size: 4096, type: 'application/zip' }, fileName: null },
    ],
  },
  errors: {
    fetchExport: [new Error('Too many attempts. Please try again in 24 hours.'), new Error('Network Error')],
  },
};
