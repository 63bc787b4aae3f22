// Types for landing-size.mjs (plain JavaScript, so that `npm run size` runs it without a compiler).
export const BUDGET_JS_KB: number;
export const BUDGET_JS_GZIP_KB: number;
export interface Sized {
  files: { file: string; bytes: number; brotliBytes: number; gzipBytes: number }[];
  brotliBytes: number;
  gzipBytes: number;
}
export function initialFiles(html: string): { js: string[]; css: string[] };
export function landingSize(dist?: string): { js: Sized; css: Sized };
