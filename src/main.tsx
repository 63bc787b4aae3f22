import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createAppActors } from './app/appActors';
import type { Inspect } from './common/wiring/ports';
import { AfterHydration } from './common/AfterHydration';
import { AppActorsProvider } from './common/AppActorsContext';
import { InspectorButton } from './components/InspectorButton';
import './styles/global.css';

/** The inspector's receiver of actor events, and what opens its window. */
interface Inspector {
  inspect: Inspect;
  open: () => void;
}

/**
 * The Stately inspector, in development only and only when asked for (`?inspect` or VITE_INSPECT=1).
 * `import.meta.env.DEV` is false in a production build, so the import is dropped from the bundle. Its window
 * opens from the "Open inspector" button (a browser blocks a window a page opens by itself); until then the
 * actors' events wait for it.
 */
async function loadInspector(): Promise<Inspector | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted = new URLSearchParams(location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
  if (!wanted) return undefined;
  const [{ createBrowserInspector }, { maskInspectionEvent }] = await Promise.all([
    import('@statelyai/inspect'),
    import('./app/inspectorMask'),
  ]);
  // Enough kept events that an inspector opened later still sees every actor started since the page loaded.
  const inspector = createBrowserInspector({ autoStart: false, maxDeferredEvents: 10_000 });
  return {
    // Passwords, tokens, codes and the OAuth state never leave the page, not even for the inspector.
    inspect: (event) => inspector.inspect.next?.(maskInspectionEvent(event)),
    open: () => inspector.start(),
  };
}

const inspector = await loadInspector();
const actors = createAppActors(inspector?.inspect);

// index.html holds the splash as this first render draws it, painted before this code arrived: the app takes over
// those elements (hydrates them) rather than drawing them again, so the spinner turns on without a jump. In one go,
// not as a transition: the splash is a dozen elements, and a hydration spread over several tasks could meet the
// start-up machine's next message (its timers) half-way and no longer match the HTML (decision 0038).
hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <AppActorsProvider actors={actors}>
      <App />
    </AppActorsProvider>
    {import.meta.env.DEV && inspector && (
      <AfterHydration>
        <InspectorButton open={inspector.open} />
      </AfterHydration>
    )}
  </StrictMode>,
);
