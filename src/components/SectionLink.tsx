import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { followSectionLink, sectionLinkState } from '../common/sections';

/**
 * A link to a section of the landing page. On the landing page it scrolls there (src/common/sections.ts);
 * elsewhere it navigates within the app (no reload, so no second splash) and the landing page scrolls on
 * arrival. `current` marks it as the section the reader is in (the scroll-spy).
 */
export function SectionLink({
  section,
  onNavigate,
  current = false,
  className,
  ...anchor
}: { section: string; onNavigate?: () => void; current?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const [location, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    if (location === '/') {
      history.replaceState(history.state, '', `/#${section}`);
      followSectionLink(section);
    } else {
      navigate(`/#${section}`, { state: sectionLinkState });
    }
  };
  return (
    <a
      href={`/#${section}`}
      onClick={onClick}
      aria-current={current ? 'true' : undefined}
      className={[className, current ? 'is-current' : ''].filter(Boolean).join(' ') || undefined}
      {...anchor}
    />
  );
}
