import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../common/hooks';
import { scrollToSection } from '../common/sections';
import { whenIdle } from '../common/whenIdle';
const poster = '/media/hero-poster.webp';
import './Hero.css';

/** The longest the video waits for a quiet moment once the page has loaded. */
const VIDEO_WAIT_MS = 1500;

/**
 * The landing hero (docs/product.md#offer): the two lines over a looping, muted background video. The poster paints
 * first; the video's sources are attached only after the page has loaded, and it stays paused for
 * people who prefer reduced motion.
 */
export function Hero() {
  const { signedIn } = useAuth();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduced) return;
    const attach = () => {
      for (const [src, type] of [
        ['/media/hero.webm', 'video/webm'],
        ['/media/hero.mp4', 'video/mp4'],
      ]) {
        const source = document.createElement('source');
        source.src = src!;
        source.type = type!;
        element.appendChild(source);
      }
      element.load();
      element.play().catch(() => {});
    };
    return whenIdle(attach, VIDEO_WAIT_MS);
  }, []);

  const label = (
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

  return (
    <section className="hero" aria-labelledby="hero-title">
      <video
        ref={video}
        className="hero__video"
        poster={poster}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="hero-video"
      />
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
              scrollToSection('services');
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
