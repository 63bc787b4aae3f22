/**
 * Where a screen was scrolled to, kept in its own history entry: browser Back (or Forward) returns there, as it
 * does on any site, instead of to the top (the service cards of the landing page, say). A screen opened anew
 * starts at the top (docs/product.md#routes); an address naming a section scrolls there instead.
 */

/** The key in a history entry's state under which its scroll position is kept. */
const SCROLL_STATE_KEY = 'scrollY';
/** How long a position is restored for while the screen may still be laying out (lazy blocks, pictures). */
const SCROLL_RESTORE_MS = 1500;

/**
 * Keeps the scroll position in the current history entry whenever a link is clicked: a capturing listener, so it
 * runs before the router pushes the next entry. Returns the function that stops it.
 */
export function rememberScrollOnLeaving(): () => void {
  const remember = () => {
    const current = (window.history.state as Record<string, unknown> | null) ?? {};
    window.history.replaceState({ ...current, [SCROLL_STATE_KEY]: window.scrollY }, '');
  };
  document.addEventListener('click', remember, true);
  return () => document.removeEventListener('click', remember, true);
}

/** The position the current history entry keeps (Back or Forward to a screen left scrolled), or 0: the top. */
export function savedScrollY(): number {
  const saved = (window.history.state as Record<string, unknown> | null)?.[SCROLL_STATE_KEY];
  return typeof saved === 'number' && saved > 0 ? saved : 0;
}

/** What the visitor does to scroll (or to leave): from the first of these, the position is theirs. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * For a screen just shown: back to the position its history entry keeps, or to the top. The position is held on
 * every frame for SCROLL_RESTORE_MS: the screen may still be a loading spinner, and what loads above it (lazy
 * blocks, pictures) would otherwise push the page down after the position was first reached. The visitor's own
 * scrolling ends the hold at once. Returns the function that stops it.
 */
export function restoreScroll(): () => void {
  const saved = savedScrollY();
  // At once: the stylesheet's smooth scrolling is for in-page links, not for a screen that opens.
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  if (saved === 0) return () => {};
  const started = performance.now();
  let frame = 0;
  const correct = () => {
    if (Math.abs(window.scrollY - saved) > 1) window.scrollTo({ top: saved, behavior: 'instant' });
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', correct);
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop, true);
  };
  for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
  // A shift of what loads above moves the page between two frames: put back where it is reported, before the frame
  // that would show it is painted (the browser reports scrolling before it runs the frame's callbacks).
  window.addEventListener('scroll', correct, { passive: true });
  const hold = () => {
    correct();
    if (performance.now() - started < SCROLL_RESTORE_MS) frame = requestAnimationFrame(hold);
    else stop();
  };
  frame = requestAnimationFrame(hold);
  return stop;
}
