// Types for chromium-flags.mjs (plain JavaScript, shared by the Playwright config and the Lighthouse script).
export const CHROMIUM_FLAGS: readonly string[];
