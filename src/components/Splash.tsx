import { useSelector } from '@xstate/react';
import { company } from '#domain/company';
import { useAppActors } from '../common/AppActorsContext';
import { Spinner } from './Spinner';
import './Splash.css';

/**
 * The start-up splash: 'Just a moment', then a welcome line after 1.5 s (docs/product.md#app-start). index.html holds
 * its first render's elements, painted before the code arrives, which the app then takes over (decision 0036): a
 * change here (or in the Spinner) goes there too, and a browser test fails until it does.
 */
export function Splash() {
  const { appStart } = useAppActors();
  const welcome = useSelector(appStart, (s) => !s.matches({ splash: { message: 'moment' } }));
  return (
    <main className="splash" aria-busy="true" data-testid="splash">
      <Spinner label="Starting" />
      <h1 className="splash__title">Just a moment</h1>
      <p className="splash__welcome" aria-live="polite">
        {welcome ? `Welcome to ${company.name}` : '\u00a0'}
      </p>
    </main>
  );
}
