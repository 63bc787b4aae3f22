import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../common/hooks';
import type { NavSection } from '../common/sections';
import { NavLinks } from './NavLinks';

/**
 * The slide-in menu for small screens: the top bar's links, plus a button to /profile when signed in and to
 * /signin otherwise. A Radix modal dialog (docs/product.md#screens): focus moves in and Tab stays in while it is
 * open, the page behind is hidden from screen readers, and Escape or the backdrop closes it.
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
  // Radix gives focus back to a Dialog.Trigger; the menu button is none (the machine opens the menu), so the
  // menu keeps whatever opened it and gives the focus back there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open && (
        <div className="side-menu">
          <Dialog.Overlay className="side-menu__backdrop" />
          <Dialog.Content
            id="side-menu"
            className="side-menu__panel"
            aria-describedby={undefined}
            onOpenAutoFocus={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              if (!opener.current) return;
              event.preventDefault();
              opener.current.focus();
            }}
          >
            <Dialog.Title className="visually-hidden">Menu</Dialog.Title>
            <Dialog.Close className="side-menu__close" aria-label="Close menu">
              ×
            </Dialog.Close>
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
          </Dialog.Content>
        </div>
      )}
    </Dialog.Root>
  );
}
