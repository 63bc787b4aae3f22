import { type ReactNode, useEffect, useState } from 'react';

/**
 * Shows its children from the render after the first on. The app's first render takes over the splash that
 * index.html holds (src/main.tsx), and React redraws everything when that render differs from the HTML: what the
 * HTML cannot hold (a first visit's cookie banner, the toasts' Suspense boundary, the development inspector's
 * button) waits one render (docs/decisions/0038-react-dom-renders.md).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? children : null;
}
