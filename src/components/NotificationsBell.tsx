import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import { useDismiss } from '../common/useDismiss';
import { wireNotifications } from './NotificationsBell.wiring';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The signed-in top bar's notifications: the unseen count, and the list. Opening it reads the list again and
 * marks seen what it shows (docs/product.md#profile). Moving to another screen reads the list again too.
 */
export default function NotificationsBell() {
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireNotifications(), { inspect });
  const root = useRef<HTMLDivElement>(null);
  const open = snapshot.hasTag('open');
  const { notifications } = snapshot.context;
  const unseen = notifications.filter((n) => !n.seen).length;

  const dismiss = useCallback(() => send({ type: 'notifications.close' }), [send]);
  useDismiss(root, open, dismiss);

  // Another screen reads the list again: what the server added meanwhile (an order's news, a requested
  // deletion) shows without a page load. The screen the bell first appears on has just read it.
  const [location] = useLocation();
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    send({ type: 'notifications.refresh' });
  }, [location, send]);

  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="bell__trigger"
        aria-expanded={open}
        // Busy while the list loads: assistive technology (and the tests) can tell the count is not final yet.
        aria-busy={snapshot.hasTag('loading')}
        aria-label={unseen ? `Notifications, ${unseen} unseen` : 'Notifications'}
        onClick={() => send({ type: 'notifications.toggle' })}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M18 16v-5a6 6 0 1 0-12 0v5l-2 2h16zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {unseen > 0 && (
          <span className="bell__count" data-testid="unseen-count">
            {unseen}
          </span>
        )}
      </button>
      {open && (
        <div className="bell__panel" role="region" aria-label="Notifications list">
          {notifications.length === 0 ? (
            <p className="bell__empty">No notifications yet.</p>
          ) : (
            <ul>
              {notifications.map((n) => (
                <li key={n.id} className={n.seen ? undefined : 'bell__new'}>
                  <p>{n.text}</p>
                  <time dateTime={n.createdAt}>{when.format(new Date(n.createdAt))}</time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
