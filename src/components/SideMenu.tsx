import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../common/hooks';
import type { NavSection } from '../common/sections';
import { NavLinks } from './NavLinks';

/** The controls of the panel a Tab can reach, in order. */
const tabbable = (panel: HTMLElement) =>
  [...panel.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')].filter((el) => el.tabIndex >= 0);

/**
 * A modal dialog keeps Tab inside (docs/product.md#screens): from its last control Tab goes round to the first,
 * Shift+Tab from its first to the last, and a Tab pressed while the focus is outside it comes back in.
 */
function keepTabInside(event: KeyboardEvent, panel: HTMLElement) {
  const all = tabbable(panel);
  const first = all[0];
  const last = all[all.length - 1];
  const active = document.activeElement;
  const outside = !panel.contains(active);
  let to: HTMLElement | undefined;
  if (event.shiftKey && (outside || active === first)) to = last;
  if (!event.shiftKey && (outside || active === last)) to = first;
  if (!to) return;
  event.preventDefault();
  to.focus();
}

/**
 * The slide-in menu for small screens: the top bar's links, plus a button to /profile when
 * signed in and to /signin otherwise. Escape or the backdrop closes it; focus moves in, stays in, and goes back.
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
      if (event.key === 'Tab' && panel.current) keepTabInside(event, panel.current);
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
