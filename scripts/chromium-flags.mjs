// The flags Debian's Chromium runs with here, for Playwright (playwright.config.ts) and Lighthouse
// (scripts/lighthouse.ts): --no-sandbox because the tests run as root; the rest keep Chromium's own traffic
// (updates, sync, first-run pages) off a machine that has no network.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
