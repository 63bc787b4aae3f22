import { useEffect } from 'react';
import { usePageMeta } from '../common/hooks';
import { arriveAtSection } from '../common/sections';
import { Hero } from '../components/Hero';
import { AboutSection } from '../components/landing/AboutSection';
import { DiscoverSection } from '../components/landing/DiscoverSection';
import { HowWeCanHelpSection } from '../components/landing/HowWeCanHelpSection';
import { ServicesSection } from '../components/landing/ServicesSection';
import { fixedPages } from '#domain/fixedPages';

/** The landing page (docs/product.md#screens): the hero, then About, Discover, Our Services and How We Can Help. */
export default function Home() {
  usePageMeta(fixedPages['/']);

  // Arriving at an address naming a section: there once the blocks are on the page.
  useEffect(() => {
    const section = window.location.hash.slice(1);
    if (section) arriveAtSection(section);
  }, []);

  return (
    <main>
      <Hero />
      <AboutSection />
      <DiscoverSection />
      <ServicesSection />
      <HowWeCanHelpSection />
    </main>
  );
}
