import { Link } from 'wouter';
import { isStaff } from '#domain/orders';
import { useAuth } from '../common/hooks';
import type { NavSection } from '../common/sections';
import { SectionLink } from './SectionLink';

/**
 * The links of the top bar and of the side menu: in-page sections, then routes. On the landing page
 * the section the reader is in (`current`, from the scroll-spy) is marked. Office and admin accounts also get
 * the office area.
 */
export function NavLinks({ onNavigate, current = null }: { onNavigate?: () => void; current?: NavSection | null }) {
  const { user } = useAuth();
  return (
    <>
      <SectionLink section="about" onNavigate={onNavigate} current={current === 'about'}>
        About
      </SectionLink>
      <SectionLink section="discover" onNavigate={onNavigate} current={current === 'discover'}>
        Discover
      </SectionLink>
      <SectionLink section="services" onNavigate={onNavigate} current={current === 'services'}>
        Services
      </SectionLink>
      <Link href="/privacy-policy" onClick={onNavigate}>
        Privacy Policy
      </Link>
      <Link href="/terms" onClick={onNavigate}>
        Terms of Service
      </Link>
      <Link href="/youth-project" className="nav-highlight" onClick={onNavigate}>
        Youth Project
      </Link>
      {isStaff(user?.role) && (
        <Link href="/office" onClick={onNavigate}>
          Office
        </Link>
      )}
    </>
  );
}
