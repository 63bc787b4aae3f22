import { useMachine } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { menuMachine } from '#machines/menu.machine';
import type { User } from '#domain/types';
import { useAppActors } from '../common/AppActorsContext';
import { useDismiss } from '../common/useDismiss';
import { Avatar } from './Avatar';

/** The signed-in avatar that toggles a menu: the user's name, Edit Profile, Change Password, Invoices, Logout. */
export default function UserMenu({ user }: { user: User }) {
  const { auth, inspect } = useAppActors();
  const [snapshot, send] = useMachine(menuMachine, { inspect });
  const [, navigate] = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const open = snapshot.hasTag('open');

  // Clicking elsewhere or pressing Escape closes the menu, as any menu does.
  const dismiss = useCallback(() => send({ type: 'menu.close' }), [send]);
  useDismiss(root, open, dismiss);

  const close = () => send({ type: 'menu.close' });
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => send({ type: 'menu.toggle' })}
      >
        <Avatar url={user.avatarURL} name={user.name} />
      </button>
      {open && (
        <div className="user-menu__panel" role="menu" aria-label="Account">
          <p className="user-menu__name">{user.name}</p>
          <Link role="menuitem" href="/profile" onClick={close}>
            Edit Profile
          </Link>
          <Link role="menuitem" href="/change-password" onClick={close}>
            Change Password
          </Link>
          <Link role="menuitem" href="/invoices" onClick={close}>
            Invoices
          </Link>
          <button
            type="button"
            role="menuitem"
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
