/**
 * "Download my data" on the profile page (docs/data-export.md): the account's data is fetched as one ZIP by an
 * injected actor (it needs the session's token) and handed to the browser to save. Unlike a plain download,
 * the card then says where the file went and that a note of it was mailed to the account, since that mail
 * would otherwise surprise the person who asked. A failure (the daily limit's 429 among them) is an error toast
 * with the server's text; the button may be pressed again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FetchedFile } from './download.machine';
import { toastActorError } from './lib/errorToast';
import { providedByView } from './lib/providedByView';

/** The name to save under when the server names none. */
export const DATA_EXPORT_FALLBACK_NAME = 'my-data.zip';

export const dataExportMachine = setup({
  types: {} as {
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'exporting' | 'saved';
    context: {
      /** The name the last archive was saved under; null until one was. */
      savedAs: string | null;
    };
    events: { type: 'dataExport.start' };
  },
  actors: {
    fetchExport: fromPromise<FetchedFile>(async () => {
      throw new Error('fetchExport is not provided');
    }),
  },
  actions: {
    saveFile: providedByView<{ file: FetchedFile; fileName: string }>(),
    showError: providedByView<{ message: string }>(),
  },
}).createMachine({
  id: 'dataExport',
  context: { savedAs: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'dataExport.start': 'exporting' },
    },
    exporting: {
      tags: ['exporting'],
      invoke: {
        id: 'fetchExport',
        src: 'fetchExport',
        onDone: {
          target: 'saved',
          actions: [
            assign({ savedAs: ({ event }) => event.output.fileName ?? DATA_EXPORT_FALLBACK_NAME }),
            {
              type: 'saveFile',
              params: ({ event }) => ({
                file: event.output,
                fileName: event.output.fileName ?? DATA_EXPORT_FALLBACK_NAME,
              }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: toastActorError,
        },
      },
    },
    saved: {
      tags: ['saved'],
      on: { 'dataExport.start': 'exporting' },
    },
  },
});
