/**
 * What `npm run lighthouse` (scripts/lighthouse.ts) runs inside the measured page: puppeteer sends each function's
 * source to the page, so none may call a function defined outside it.
 */
import { SPLASH_MINIMUM_MS, WELCOME_AFTER_MS } from '#machines/appStart.machine';
import { SERVICE_PAGE_MINIMUM_MS } from '#machines/serviceDetails.machine';

/** What the page's own PerformanceObserver saw as the largest contentful paint, at the end of the load. */
export interface LcpSeen {
  element: string;
  inSplash: boolean;
  time: number;
}

/**
 * Runs in the page from its first script on: keeps the latest LCP candidate's description. Read at the end of the
 * load, it tells the reader which element the LCP is, even when that element has left the page since (the splash).
 * No named functions inside: tsx would wrap them in a helper that the page does not have.
 */
export function recordLcp(): void {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1) as (PerformanceEntry & { element: Element | null }) | undefined;
    if (!last) return;
    const element = last.element;
    const classes = element ? [...element.classList].map((name) => `.${name}`).join('') : '';
    const source = element instanceof HTMLImageElement ? ` ${element.currentSrc || element.src}` : '';
    const text = (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    (window as unknown as { __lcpSeen: LcpSeen }).__lcpSeen = {
      element: element
        ? `<${element.tagName.toLowerCase()}${classes}>${source}${text ? ` "${text}"` : ''}`
        : '(an element no longer in the page)',
      inSplash: Boolean(element?.closest('[data-testid="splash"]')),
      time: Math.round(last.startTime),
    };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * The waits the product chooses on a page load, not the page's cost: the splash's welcome line and the rest of its
 * minimum, and the service page's minimum spinner. Lighthouse cannot tell a chosen wait from a slow page (its Speed
 * Index counts every second the splash shows), so the measuring browser runs these timers at once.
 */
export const DELIBERATE_WAITS_MS = [WELCOME_AFTER_MS, SPLASH_MINIMUM_MS - WELCOME_AFTER_MS, SERVICE_PAGE_MINIMUM_MS];

/**
 * Runs in the page before its own scripts: a timer set for one of the deliberate waits fires at once; every other
 * timer keeps its delay. The machines schedule their delays through the page's setTimeout when they enter a state,
 * so this reaches them without any switch in the product. (A 3 s geolocation timeout matches too; the lookup is
 * switched off on this server, so it never starts.)
 */
export function skipDeliberateWaits(waits: number[]): void {
  const setTimeoutAsBuilt = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) =>
    setTimeoutAsBuilt(handler, waits.includes(Number(timeout)) ? 0 : timeout, ...args)) as typeof window.setTimeout;
}

/**
 * Runs in the page before its own scripts: the splash's elements that the HTML holds (decision 0036) are hidden as
 * the parser adds them, before any paint, and show again once the app has taken them over (React marks `#root` as
 * its container when hydration begins), as if the app drew its splash itself, as it did before the HTML held one.
 * Hidden, not removed: React DOM must find in the page exactly what its first render draws, or it raises error #418
 * and draws the splash again (decision 0038). (A MutationObserver's report comes at the end of the parser's task, and
 * a frame is painted only between tasks.)
 */
export function withoutTheHtmlSplash(): void {
  const observer = new MutationObserver(() => {
    const splash = document.querySelector<HTMLElement>('#root > main.splash');
    if (!splash) return;
    observer.disconnect();
    splash.style.visibility = 'hidden';
    const root = document.getElementById('root')!;
    // An anonymous callback: tsx names named functions with a helper the page does not have.
    const poll = setInterval(() => {
      if (!Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return;
      clearInterval(poll);
      splash.style.removeProperty('visibility');
    }, 4);
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * True once the visitor sees the page they came for: the splash has ended, no spinner shows (the lazy screen's
 * fallback, the service page's 3 s spinner), the fonts are in and every image in view has loaded.
 */
export function pageReady(): boolean {
  if (!document.querySelector('main') || document.querySelector('[data-testid="splash"], [role="progressbar"]')) {
    return false;
  }
  return (
    document.fonts.status === 'loaded' &&
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.width > 0;
      })
      .every((image) => image.complete)
  );
}
