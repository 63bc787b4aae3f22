import { useSelector } from '@xstate/react';
import { company } from '#domain/company';
import { useHydrated } from '../common/AfterHydration';
import { useAppActors } from '../common/AppActorsContext';
import { Spinner } from './Spinner';
import './Splash.css';

/**
 * The start-up splash: 'Just a moment', then a welcome line after 1.5 s (docs/product.md#app-start). index.html holds
 * its first render's elements, painted before the code arrives, which the app then takes over (decision 0036): a
 * change here (or in the Spinner) goes there too, and a browser test fails until it does.
 *
 * The reload line shows only when the splash is still up long after it should have gone (Splash.css, decision
 * 0037): the page's code never arrived or never ran, or the sign-in check never answered. Its timing is the
 * stylesheet's, not a machine's, because it must work when none of the code runs.
 */
export function Splash() {
  const { appStart } = useAppActors();
  // The HTML's splash has no welcome: a start that has already reached it (its 1.5 s passed before React's first
  // render ran) shows it one render later.
  const hydrated = useHydrated();
  const welcomeDue = useSelector(appStart, (s) => !s.hasTag('moment'));
  const welcome = hydrated && welcomeDue;
  return (
    <main className="splash" aria-busy="true" data-testid="splash">
      <Spinner label="Starting" />
      <h1 className="splash__title">Just a moment</h1>
      <p className="splash__welcome" aria-live="polite">
        {welcome ? `Welcome to ${company.name}` : '\u00a0'}
      </p>
      <p className="splash__stalled">
        Taking longer than usual? <a href="">Reload the page</a>
      </p>
    </main>
  );
}
