/**
 * Where a screen was scrolled to, kept in its own history entry: browser Back (or Forward) returns there, as it
 * does on any site, instead of to the top (the service cards of the landing page, say). A screen opened anew
 * starts at the top (docs/product.md#routes); an address naming a section scrolls there instead.
 */

/** The key in a history entry's state under which its scroll position is kept. */
const SCROLL_STATE_KEY = 'scrollY';
/** How long a position is restored for while the screen may still be laying out (lazy blocks, pictures). */
export const SCROLL_RESTORE_MS = 1500;

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

/**
 * For a screen just shown: back to the position its history entry keeps, or to the top. The position is set on
 * the frames that follow until the page is long enough to hold it, or SCROLL_RESTORE_MS have passed (the screen
 * may still be a loading spinner). Returns the function that stops it.
 */
export function restoreScroll(): () => void {
  const saved = (window.history.state as Record<string, unknown> | null)?.[SCROLL_STATE_KEY];
  window.scrollTo(0, 0);
  if (typeof saved !== 'number' || saved <= 0) return () => {};
  const started = performance.now();
  let frame = 0;
  const settle = () => {
    window.scrollTo({ top: saved, behavior: 'instant' });
    const reached = Math.abs(window.scrollY - saved) <= 1;
    frame = !reached && performance.now() - started < SCROLL_RESTORE_MS ? requestAnimationFrame(settle) : 0;
  };
  frame = requestAnimationFrame(settle);
  return () => cancelAnimationFrame(frame);
}
