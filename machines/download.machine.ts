/**
 * One download button of the invoice card: an order's report (PDF) or its call's calendar file (.ics). Both
 * need the customer's token, so a plain link cannot fetch them: the file is fetched by an injected actor, then
 * handed to the browser to save under its name. A failure is an error toast; the button may be pressed again.
 */
import { fromPromise, setup } from 'xstate';
import { toastActorError } from './lib/errorToast';
import { providedByView } from './lib/providedByView';

/** What the fetch hands back: the bytes (a Blob in the browser) and the name the server gave, if any. */
export interface FetchedFile {
  blob: { readonly size: number; readonly type: string };
  fileName: string | null;
}

export interface DownloadInput {
  /** Where the file is (the invoice's reportURL or calendarURL). */
  url: string;
  /** The name to save it under when the server names none. */
  fileName: string;
}

export const downloadMachine = setup({
  types: {} as {
    context: DownloadInput;
    events: { type: 'download.start' };
    input: DownloadInput;
    tags: 'busy';
  },
  actors: {
    fetchFile: fromPromise<FetchedFile, { url: string }>(async () => {
      throw new Error('fetchFile is not provided');
    }),
  },
  actions: {
    saveFile: providedByView<{ file: FetchedFile; fileName: string }>(),
    showError: providedByView<{ message: string }>(),
  },
}).createMachine({
  id: 'download',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: { 'download.start': 'downloading' },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'saveFile',
            params: ({ context, event }) => ({
              file: event.output,
              fileName: event.output.fileName ?? context.fileName,
            }),
          },
        },
        onError: {
          target: 'idle',
          actions: toastActorError,
        },
      },
    },
  },
});
