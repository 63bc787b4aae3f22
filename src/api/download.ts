/**
 * Files the server sends (an order's report, a call's calendar file), fetched through the one client so that
 * they carry the bearer token and fail as ApiError. Apart from http.ts so that only the screens that download
 * load it.
 */
import { type CallOptions, getBlob } from './http';

/** A file the server sent: its bytes, and the name its Content-Disposition gave (null without one). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** `filename="…"` of a Content-Disposition header (or RFC 5987's `filename*=UTF-8''…`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

export async function download(path: string, options: CallOptions = {}): Promise<DownloadedFile> {
  const response = await getBlob(path, options);
  return { blob: response.data, fileName: fileNameOf(response.headers.get('content-disposition')) };
}
