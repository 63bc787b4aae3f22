import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../common/hooks';
import type { NavSection } from '../common/sections';
import { NavLinks } from './NavLinks';

/**
 * The slide-in menu for small screens: the top bar's links, plus a button to /profile when
 * signed in and to /signin otherwise. Escape or the backdrop closes it; focus moves in and back.
 */
export function SideMenu({
  open,
  onClose,
  current = null,
}: {
  open: boolean;
  onClose: () => void;
  /** The landing-page section the reader is in, marked among the links. */
  current?: NavSection | null;
}) {
  const { signedIn } = useAuth();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  return (
    <div className={`side-menu${open ? ' side-menu--open' : ''}`} hidden={!open}>
      <div className="side-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div id="side-menu" ref={panel} className="side-menu__panel" role="dialog" aria-modal="true" aria-label="Menu">
        <button type="button" className="side-menu__close" aria-label="Close menu" onClick={onClose}>
          ×
        </button>
        <nav className="side-menu__links" aria-label="Menu links">
          <NavLinks onNavigate={onClose} current={current} />
        </nav>
        <Link
          href={signedIn ? '/profile' : '/signin'}
          className="button button--primary button--block"
          onClick={onClose}
        >
          {signedIn ? 'My profile' : 'Sign In'}
        </Link>
      </div>
    </div>
  );
}
