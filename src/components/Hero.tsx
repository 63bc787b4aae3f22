import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../common/hooks';
import { followSectionLink } from '../common/sections';
import { whenIdle } from '../common/whenIdle';
const poster = '/media/hero-poster.webp';
import './Hero.css';

/** The longest the video waits for a quiet moment once the page has loaded. */
const VIDEO_WAIT_MS = 1500;

/**
 * The landing hero (docs/product.md#offer): the two lines over a looping, muted background video. The video's
 * first frame paints first, as a plain image; the video itself is put over it only once the page has loaded and
 * the browser is idle, and never for people who prefer reduced motion: they keep the still frame.
 *
 * Why an image first (docs/performance.md, "The hero's video after the page"): the first video element a page
 * makes costs the browser about 9 ms of style and layout at full speed (its built-in controls' shadow tree and
 * style sheet), and it fell inside the landing page's first render, the longest task of its load.
 */
export function Hero() {
  const { signedIn } = useAuth();
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduced) return;
    return whenIdle(() => setMoving(true), VIDEO_WAIT_MS);
  }, []);

  const label = <CtaLabel />;

  return (
    <section className="hero" aria-labelledby="hero-title">
      <img className="hero__backdrop" src={poster} alt="" data-testid="hero-poster" />
      {moving && (
        <video
          className="hero__backdrop"
          poster={poster}
          muted
          loop
          playsInline
          autoPlay
          aria-hidden="true"
          tabIndex={-1}
          data-testid="hero-video"
        >
          <source src="/media/hero.webm" type="video/webm" />
          <source src="/media/hero.mp4" type="video/mp4" />
        </video>
      )}
      <div className="hero__shade" />
      <div className="hero__content">
        <h1 id="hero-title">Empowering Your Business Through IT Consulting Excellence</h1>
        <p>Unlock the Full Potential of Technology for Optimal Growth and Success</p>
        {signedIn ? (
          <a
            href="/#services"
            className="button button--primary button--large hero__cta"
            onClick={(event) => {
              event.preventDefault();
              history.replaceState(history.state, '', '/#services');
              followSectionLink('services');
            }}
          >
            {label}
          </a>
        ) : (
          <Link href="/signin" className="button button--primary button--large hero__cta">
            {label}
          </Link>
        )}
      </div>
    </section>
  );
}

/** 'Get started' with its arrow, which turns to point up and out on hover (Hero.css). */
function CtaLabel() {
  return (
    <>
      Get started
      <span className="hero__arrow" aria-hidden="true">
        <svg className="hero__arrow-rest" width="20" height="20" viewBox="0 0 24 24">
          <path
            d="M5 12h12M13 6l6 6-6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <svg className="hero__arrow-hover" width="20" height="20" viewBox="0 0 24 24">
          <path
            d="M7 17 17 7M9 7h8v8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    </>
  );
}
