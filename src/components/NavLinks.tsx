import { Link } from 'wouter';
import { SectionLink } from './SectionLink';

/** The links of the top bar and of the side menu (SPEC 2): in-page sections, then routes. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <SectionLink section="about" onNavigate={onNavigate}>
        About
      </SectionLink>
      <SectionLink section="discover" onNavigate={onNavigate}>
        Discover
      </SectionLink>
      <SectionLink section="services" onNavigate={onNavigate}>
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
    </>
  );
}
