import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import './CookieBanner.css';

/**
 * The banner sits at the bottom, on a first visit and when opened again from 'Cookie settings': 'Decline' and
 * 'Understood', the same size and weight, because refusing must be as easy as accepting (docs/product.md).
 */
export function CookieBanner() {
  const { consent } = useAppActors();
  const variant = useSelector(consent, (s) =>
    s.hasTag('firstVisit') ? 'site' : s.hasTag('reviewing') ? 'default' : null,
  );
  const acceptOnScroll = useSelector(consent, (s) => s.context.acceptOnScroll);

  // Where the site lets scrolling accept, the first-visit banner reports how far down the page the
  // visitor is (once a frame at most); the consent machine decides.
  useEffect(() => {
    if (variant !== 'site' || !acceptOnScroll) return;
    let frame = 0;
    const report = () => {
      frame = 0;
      const root = document.documentElement;
      const scrollable = root.scrollHeight - root.clientHeight;
      if (scrollable > 0) consent.send({ type: 'consent.scrolled', percent: (window.scrollY / scrollable) * 100 });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(report);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [variant, acceptOnScroll, consent]);

  if (!variant) return null;
  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        We keep one cookie with your choice here, and your sign-in in your browser&rsquo;s local storage. If you accept,
        we also record your visits with an approximate location from your IP address. Read more in our{' '}
        <Link href="/privacy-policy">Privacy Policy</Link>.
      </p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => consent.send({ type: 'consent.decline' })}
        >
          Decline
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => consent.send({ type: 'consent.accept' })}
        >
          Understood
        </button>
      </div>
    </section>
  );
}
