/** "Download my data": the account's data as one ZIP (docs/data-export.md), fetched with the session's token. */
import { type DownloadedFile, download } from './download';

export const downloadMyData = (): Promise<DownloadedFile> => download('/users/export', { auth: true });
