import { useMachine } from '@xstate/react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { menuMachine } from '#machines/menu.machine';
import type { User } from '#domain/types';
import { useAppActors } from '../common/AppActorsContext';
import { useDismiss } from '../common/useDismiss';
import { Avatar } from './Avatar';

/** Which item takes the focus when the menu opens: the first (Enter, Space, Down) or the last (Up). */
type Landing = 'first' | 'last';

/** The item `key` moves to from item `at` of `count`, round at both ends; null for a key menus leave alone. */
function itemFor(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowUp') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** The menu's items, in order. */
const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

function focusItem(menu: HTMLElement | null, where: Landing) {
  const all = itemsOf(menu);
  all[where === 'first' ? 0 : all.length - 1]?.focus();
}

/**
 * The signed-in avatar that toggles a menu: the user's name, Edit Profile, Change Password, Invoices, Logout. It is
 * the WAI-ARIA menu button (docs/product.md#screens): opened from the keyboard, the focus moves to an item; the
 * arrows, Home and End move between the items; Escape gives the focus back to the avatar; Tab closes the menu and
 * goes on to the bar's next control.
 */
export default function UserMenu({ user }: { user: User }) {
  const { auth, inspect } = useAppActors();
  const [snapshot, send] = useMachine(menuMachine, { inspect });
  const [, navigate] = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const landing = useRef<Landing>('first');
  const menuId = useId();
  const nameId = useId();
  const open = snapshot.hasTag('open');

  // Clicking elsewhere or pressing Escape closes the menu, as any menu does; an Escape inside it also gives the
  // focus back to the avatar, instead of letting it fall to the page with the items.
  const dismiss = useCallback(() => {
    if (root.current?.contains(document.activeElement)) trigger.current?.focus();
    send({ type: 'menu.close' });
  }, [send]);
  useDismiss(root, open, dismiss);

  // Once the menu is drawn, its first or last item takes the focus.
  useEffect(() => {
    if (open) focusItem(menu.current, landing.current);
  }, [open]);

  const openAt = (where: Landing) => {
    landing.current = where;
    if (open) focusItem(menu.current, where);
    else send({ type: 'menu.toggle' });
  };
  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? 'first' : 'last');
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') {
      // From the avatar, the browser's Tab goes on to the control after the menu (the items are out of the order).
      trigger.current?.focus();
      send({ type: 'menu.close' });
      return;
    }
    const all = itemsOf(menu.current);
    const next = itemFor(event.key, all.indexOf(document.activeElement as HTMLElement), all.length);
    if (next === null) return;
    event.preventDefault();
    all[next]?.focus();
  };

  const close = () => send({ type: 'menu.close' });
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Account menu"
        onKeyDown={onTriggerKey}
        onClick={() => (open ? close() : openAt('first'))}
      >
        <Avatar url={user.avatarURL} name={user.name} />
      </button>
      {open && (
        <div
          id={menuId}
          ref={menu}
          className="user-menu__panel"
          role="menu"
          aria-label="Account"
          aria-describedby={nameId}
          onKeyDown={onMenuKey}
        >
          {/* Above the items, not one of them (role none: a menu holds items only); the menu's description. */}
          <p id={nameId} role="none" className="user-menu__name">
            {user.name}
          </p>
          <Link role="menuitem" tabIndex={-1} href="/profile" onClick={close}>
            Edit Profile
          </Link>
          <Link role="menuitem" tabIndex={-1} href="/change-password" onClick={close}>
            Change Password
          </Link>
          <Link role="menuitem" tabIndex={-1} href="/invoices" onClick={close}>
            Invoices
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              auth.send({ type: 'auth.logout' });
              navigate('/');
            }}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
