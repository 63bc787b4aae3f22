// Types for build-check.mjs (plain JavaScript, so that `npm start` can run it before anything is built).
export const CLIENT_SOURCES: readonly string[];
export const SERVER_SOURCES: readonly string[];
export function isStale(output: string, sources: readonly string[], root?: string): boolean;
