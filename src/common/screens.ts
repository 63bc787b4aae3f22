/**
 * The screens that load lazily, and whether any of them is still on its way. The visit record waits for the first
 * screen's code as well as for an idle moment (src/app/wiring/app.ts): an idle moment can come while the screen's
 * code is still being fetched or set up, before the visitor sees anything of it.
 */
import { lazy } from 'react';

/** The loads of screen code not yet settled. */
const loading = new Set<Promise<unknown>>();

/** The same load, counted in `loading` until it settles (either way). */
export function counted<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    const pending = load();
    loading.add(pending);
    const settled = () => loading.delete(pending);
    pending.then(settled, settled);
    return pending;
  };
}

/** A screen whose code loads when it is first shown (React's lazy), counted while it loads. */
export function lazyScreen(load: Parameters<typeof lazy>[0]) {
  return lazy(counted(load));
}

/** Resolves once no screen's code is loading: at once when none is, however each load ended. */
export async function screensLoaded(): Promise<void> {
  while (loading.size > 0) await Promise.allSettled([...loading]);
}
