import { useEffect, useRef, useState } from 'react';
import { usePageMeta } from '../common/hooks';
import { savedScrollY } from '../common/scrollMemory';
import { arriveAtSection } from '../common/sections';
import { useFrameByFrame } from '../common/useFrameByFrame';
import { Hero } from '../components/Hero';
import { AboutSection } from '../components/landing/AboutSection';
import { DiscoverSection } from '../components/landing/DiscoverSection';
import { HowWeCanHelpSection } from '../components/landing/HowWeCanHelpSection';
import { ServicesSection } from '../components/landing/ServicesSection';
import { SiteFooter } from '../components/landing/SiteFooter';
import { fixedPages } from '#domain/fixedPages';
import './Home.css';

/** The blocks below the hero, in page order. */
const BLOCKS = [AboutSection, DiscoverSection, ServicesSection, HowWeCanHelpSection];
/** A frame for each block, and one more for the footer. */
const STEPS = BLOCKS.length + 1;

/**
 * The landing page (docs/product.md#screens): the hero, then About, Discover, Our Services and How We Can Help.
 *
 * Opened at its top, it draws the hero (the whole first screen) first, then the blocks below it and the footer, one
 * a frame: the one task of building and laying out the whole page becomes six small ones, and a phone answers a tap
 * sooner (decision 0035). Opened anywhere else (an address naming a section, Back to where the visitor had
 * scrolled), the whole page comes at once: it must be there to be scrolled to.
 */
export default function Home() {
  usePageMeta(fixedPages['/']);
  const [openedAtTop] = useState(() => !window.location.hash && savedScrollY() === 0);
  const main = useRef<HTMLElement>(null);
  const shown = useFrameByFrame(main, STEPS, openedAtTop);

  // Arriving at an address naming a section: there once the blocks are on the page.
  useEffect(() => {
    const section = window.location.hash.slice(1);
    if (section) arriveAtSection(section);
  }, []);

  return (
    <>
      <main ref={main}>
        <Hero />
        {BLOCKS.slice(0, shown).map((Block, index) => (
          // Blocks are only ever added at the end: the place is the key.
          <Block key={index} />
        ))}
        {shown < STEPS && <div className="landing__below" data-testid="landing-below" />}
      </main>
      {shown === STEPS && <SiteFooter />}
    </>
  );
}
