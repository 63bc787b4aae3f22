// Types for landing-size.mjs (plain JavaScript, so that `npm run size` runs it without a compiler).
export const BUDGET_JS_KB: number;
export interface Sized {
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}
export function landingSize(dist?: string): { js: Sized; css: Sized };
