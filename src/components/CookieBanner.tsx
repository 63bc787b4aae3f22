import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useAppActors } from '../app/AppActorsContext';
import './CookieBanner.css';

/**
 * SPEC 2, "App start": the banner sits at the bottom. On a first visit it is the site's variant, with
 * 'Understood'; opened again from 'Cookie settings' it is the default variant, 'I understand' and 'Decline'.
 */
export function CookieBanner() {
  const { consent } = useAppActors();
  const variant = useSelector(consent, (s) =>
    s.matches('asking') ? 'site' : s.matches('reviewing') ? 'default' : null,
  );
  if (!variant) return null;
  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        We keep one cookie with your choice here, and your sign-in in your browser&rsquo;s local storage. If you accept,
        we also record your visits with an approximate location from your IP address. Read more in our{' '}
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
