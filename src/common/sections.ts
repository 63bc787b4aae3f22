/**
 * In-page sections of the landing page: scrolling there (animated, or at once for people who prefer
 * reduced motion), arriving there from another page, and the scroll-spy that tells the top bar and the
 * side menu which of them the reader is in.
 */
import { useEffect, useState } from 'react';

/** How long the page takes to scroll to a section. */
const SECTION_SCROLL_MS = 1000;
/** While the page scrolls, the scroll-spy looks at it at most once per this many milliseconds. */
const SCROLL_SPY_THROTTLE_MS = 66;
/** The sections the top bar and the side menu link to, in page order. */
const NAV_SECTIONS = ['about', 'discover', 'services'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Where the page must be scrolled to for the section to sit right under the top bar. The bar's height is measured
 * at each step: it differs signed in and out and from one width to another (60 to 75 px). (The stylesheet's scroll
 * padding, for the browser's own scrolling, is the same measure: src/common/useTopBarHeight.ts.)
 */
function scrollTopFor(target: HTMLElement): number {
  const margin = document.querySelector('header.topbar')?.getBoundingClientRect().height ?? 0;
  const top = target.getBoundingClientRect().top + window.scrollY - margin;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(top, max));
}

/** Slow at both ends, fastest in the middle. */
function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Stops the scrolling under way, if any. */
let stopScrolling: () => void = () => {};

/** Farther than this from where the scrolling left it, the page was moved by something else (a pixel is rounding). */
const MOVED_PX = 1;

/**
 * Scrolls to the section with this id over SECTION_SCROLL_MS (at once when told to, and under
 * prefers-reduced-motion); the reader's own wheel, touch or key stops it, and so does anything else that moves the
 * page meanwhile. Returns false when the section is not on the page.
 */
function scrollToSection(id: string, { atOnce = false } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  stopScrolling();
  // Each step says exactly where to be: the stylesheet's smooth scrolling must not animate it again.
  const jump = (top: number) => window.scrollTo({ top, behavior: 'instant' });
  if (atOnce || prefersReducedMotion()) {
    jump(scrollTopFor(target));
    return true;
  }
  const from = window.scrollY;
  let start: number | null = null;
  let frame = 0;
  /** Where the last frame left the page. */
  let left = from;
  const step = (now: number) => {
    // Moved since the last frame by something else (the scrollbar dragged, find in page, a script): theirs wins.
    if (Math.abs(window.scrollY - left) > MOVED_PX) {
      stop();
      return;
    }
    start ??= now;
    const progress = Math.min(1, (now - start) / SECTION_SCROLL_MS);
    // The destination is measured again each frame: the page may still be laying out.
    jump(from + (scrollTopFor(target) - from) * easeInOutCubic(progress));
    left = window.scrollY;
    frame = progress < 1 ? requestAnimationFrame(step) : 0;
    if (!frame) stop();
  };
  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
    stopScrolling = () => {};
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  stopScrolling = stop;
  frame = requestAnimationFrame(step);
  return true;
}

/** How long a section link waits for its section to be drawn (the landing page draws its blocks frame by frame). */
const SECTION_WAIT_MS = 2000;

/**
 * A section link followed on the landing page: scrolls to the section as scrollToSection does, or, when the
 * section is not drawn yet (the page draws its blocks one a frame after the splash, decision 0035), as soon as it
 * is, for up to SECTION_WAIT_MS.
 */
export function followSectionLink(id: string): void {
  if (scrollToSection(id)) return;
  const drawn = new MutationObserver(() => {
    if (!document.getElementById(id)) return;
    stop();
    scrollToSection(id);
  });
  const timer = window.setTimeout(() => stop(), SECTION_WAIT_MS);
  const stop = () => {
    drawn.disconnect();
    window.clearTimeout(timer);
  };
  drawn.observe(document.body, { childList: true, subtree: true });
}

/** The key in a history entry's state that says a section link of the app led there. */
const SECTION_LINK_KEY = 'sectionLink';

/** The history state a section link on another screen navigates with (see arriveAtSection). */
export const sectionLinkState: Readonly<Record<string, unknown>> = { [SECTION_LINK_KEY]: true };

/**
 * The landing page arriving at an address that names a section. From a section link on another screen of the app,
 * it scrolls there over SECTION_SCROLL_MS, as the same link does on the landing page. Opened from outside the app
 * (a link from elsewhere, a bookmark, a typed address), it opens at the section at once, as a browser opens any
 * link to part of a page: the visitor has just waited through the splash, and a second of scrolling after it would
 * be a second more of waiting (docs/product.md#screens).
 */
export function arriveAtSection(id: string): void {
  const fromSectionLink = (window.history.state as Record<string, unknown> | null)?.[SECTION_LINK_KEY] === true;
  scrollToSection(id, { atOnce: !fromSectionLink });
}

/**
 * The section the reader is in: the one across a reading line a third of the way down the window (never
 * above the top bar's 80 px), or null in the hero and below the last linked section.
 */
function currentSection(): NavSection | null {
  const line = Math.max(80, window.innerHeight / 3);
  for (const id of NAV_SECTIONS) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect && rect.top <= line && rect.bottom > line) return id;
  }
  return null;
}

/**
 * The scroll-spy: the current section, looked at once when the page scrolls, then at most once per
 * SCROLL_SPY_THROTTLE_MS while it keeps scrolling (and once more after the last scroll). Off: null.
 */
export function useScrollSpy(enabled: boolean): NavSection | null {
  const [current, setCurrent] = useState<NavSection | null>(null);
  useEffect(() => {
    if (!enabled) {
      setCurrent(null);
      return;
    }
    let timer = 0;
    let missed = false;
    const look = () => setCurrent(currentSection());
    const onScroll = () => {
      if (timer) {
        missed = true;
        return;
      }
      look();
      timer = window.setTimeout(() => {
        timer = 0;
        if (missed) {
          missed = false;
          onScroll();
        }
      }, SCROLL_SPY_THROTTLE_MS);
    };
    look();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.clearTimeout(timer);
    };
  }, [enabled]);
  return current;
}
