/**
 * Work the visitor does not wait for (the hero's video, the visit record) runs once the page has loaded and the
 * browser has a quiet moment, so that it never competes with what the visitor came for: the page's own code,
 * styles, images and first paint. Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (window.requestIdleCallback) {
      const id = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      // Safari has no idle callbacks: a short timer, after the load event, is the nearest.
      const id = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
