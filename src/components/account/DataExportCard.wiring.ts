/**
 * The data export machine's real actor: the ZIP comes through the API client (it needs the token) and is saved
 * from memory the way every download is. The card supplies the error toast.
 */
import { fromPromise } from 'xstate';
import { dataExportMachine } from '#machines/dataExport.machine';
import type { FetchedFile } from '#machines/download.machine';
import { downloadMyData } from '#src/api/dataExport';
import { saveBlob } from '#src/common/wiring/download';

export function wireDataExport(view: { showError: (message: string) => void }) {
  return dataExportMachine.provide({
    actors: { fetchExport: fromPromise<FetchedFile>(() => downloadMyData()) },
    actions: {
      // The machine types the bytes by what it reads; what it holds is the Blob the client gave it.
      saveFile: (_, { file, fileName }) => saveBlob(file.blob as unknown as Blob, fileName),
      showError: (_, { message }) => view.showError(message),
    },
  });
}
