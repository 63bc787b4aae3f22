import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { AfterHydration } from './common/AfterHydration';
import { useAppActors } from './common/AppActorsContext';
import { CookieBanner } from './components/CookieBanner';
import { SkipLink } from './components/SkipLink';
import { Splash } from './components/Splash';
import { Routes } from './routes';

// Radix Toast weighs about as much as the rest of the landing page: it loads with the first toast.
const Toaster = lazy(() => import('./components/Toaster'));

export function App() {
  const { appStart, toasts } = useAppActors();
  const ready = useSelector(appStart, (snapshot) => snapshot.hasTag('ready'));
  const anyToast = useSelector(toasts, (snapshot) => snapshot.context.toasts.length > 0);
  // The skip link, then the cookie banner, come first in the page: the first Tab presses reach them, before the top
  // bar and the page (docs/product.md#screens). The banner still shows at the bottom of the screen.
  return (
    <>
      <AfterHydration>
        <SkipLink />
        <CookieBanner />
      </AfterHydration>
      {ready ? <Routes /> : <Splash />}
      <AfterHydration>
        <Suspense fallback={null}>{anyToast && <Toaster />}</Suspense>
      </AfterHydration>
    </>
  );
}
