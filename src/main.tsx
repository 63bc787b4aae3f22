import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppActors } from './app/appActors';
import type { Inspect } from './app/wiring/ports';
import { AppActorsProvider } from './app/AppActorsContext';
import './styles/global.css';

/**
 * The Stately inspector, in development only and only when asked for (`?inspect` or VITE_INSPECT=1).
 * `import.meta.env.DEV` is false in a production build, so the import is dropped from the bundle.
 */
async function loadInspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted = new URLSearchParams(location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
  if (!wanted) return undefined;
  const [{ createBrowserInspector }, { maskInspectionEvent }] = await Promise.all([
    import('@statelyai/inspect'),
    import('./app/inspectorMask'),
  ]);
  const inspector = createBrowserInspector();
  // Passwords, tokens, codes and the OAuth state never leave the page, not even for the inspector.
  return (event) => inspector.inspect.next?.(maskInspectionEvent(event));
}

const inspect = await loadInspector();
const actors = createAppActors(inspect);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppActorsProvider actors={actors}>
      <App />
    </AppActorsProvider>
  </StrictMode>,
);
