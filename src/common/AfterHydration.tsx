import { type ReactNode, useEffect, useState } from 'react';

/**
 * False in the app's first render, true from the next one on. The first render takes over the splash that
 * index.html holds (src/main.tsx), and React redraws everything when that render differs from the HTML in the least
 * (docs/decisions/0038-react-dom-renders.md). React runs it in a task of its own, after the app's machines have
 * started: whatever they did in between (a timer that fired) must wait for the render after.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Shows its children from the render after the first on: what the HTML cannot hold (a first visit's cookie banner,
 * the toasts' Suspense boundary, the development inspector's button).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
