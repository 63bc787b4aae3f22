/**
 * The download machine's real actor and the browser's side of saving: the file comes through the API client
 * (it needs the token) and is saved from an object URL, freed once the browser has taken it. The button
 * supplies the error toast.
 */
import { fromPromise } from 'xstate';
import { downloadMachine } from '#machines/download.machine';
import * as api from '#src/api/invoices';

export interface DownloadView {
  showError: (message: string) => void;
}

/** Hands a file in memory to the browser's own download, under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download at once; the URL is freed after this task, when the browser holds the file.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function wireDownload(view: DownloadView) {
  return downloadMachine.provide({
    actors: { fetchFile: fromPromise(({ input }) => api.orderFile(input.url)) },
    actions: {
      // The machine types the bytes by what it reads; what it holds is the Blob the client gave it.
      saveFile: (_, { file, fileName }) => saveBlob(file.blob as unknown as Blob, fileName),
      showError: (_, { message }) => view.showError(message),
    },
  });
}
