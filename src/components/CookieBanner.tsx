import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useAppActors } from '../app/AppActorsContext';
import './CookieBanner.css';

/**
 * SPEC 2, "App start": the banner sits at the bottom. The site's variant accepts with 'Understood';
 * the default variant reads 'I understand' and offers a decline button.
 */
export function CookieBanner({ variant = 'site' }: { variant?: 'site' | 'default' }) {
  const { consent } = useAppActors();
  const asking = useSelector(consent, (s) => s.matches('asking'));
  if (!asking) return null;
  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        We use cookies to keep you signed in and to remember your choices. Read more in our{' '}
        <Link href="/privacy-policy">Privacy Policy</Link>.
      </p>
      <div className="cookie-banner__actions">
        {variant === 'default' && (
          <button
            type="button"
            className="button button--ghost-light"
            onClick={() => consent.send({ type: 'consent.decline' })}
          >
            Decline
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => consent.send({ type: 'consent.accept' })}
        >
          {variant === 'site' ? 'Understood' : 'I understand'}
        </button>
      </div>
    </section>
  );
}
