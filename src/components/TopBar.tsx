import { useMachine } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { menuMachine } from '#machines/menu.machine';
import { topBarMachine } from '#machines/topBar.machine';
import { useAppActors } from '../common/AppActorsContext';
import { useAuth } from '../common/hooks';
import { useScrollSpy } from '../common/sections';
import { useTopBarHeight } from '../common/useTopBarHeight';
import { company } from '#domain/company';
import { NavLinks } from './NavLinks';
import { SideMenu } from './SideMenu';
import './TopBar.css';

// What only a signed-in customer sees loads when there is one.
const NotificationsBell = lazy(() => import('./NotificationsBell'));
const UserMenu = lazy(() => import('./UserMenu'));

/**
 * The top navigation bar. Over the landing page's hero it is transparent until the page is scrolled
 * 80 px (the topBar machine decides); elsewhere it is solid. Under 1,200 px (where they no longer fit in one row) the links move to a side menu.
 */
export function TopBar({ overHero = false }: { overHero?: boolean }) {
  const { user } = useAuth();
  const { inspect } = useAppActors();
  const [bar, sendBar] = useMachine(topBarMachine, { inspect });
  const [sideMenu, sendSideMenu] = useMachine(menuMachine, { inspect });
  // On the landing page, the section the reader is in is marked in the bar and in the side menu.
  const current = useScrollSpy(overHero);
  // One function for the menu's whole life: the side menu moves the focus in whenever it changes.
  const closeSideMenu = useCallback(() => sendSideMenu({ type: 'menu.close' }), [sendSideMenu]);
  const header = useRef<HTMLElement>(null);
  useTopBarHeight(header);

  useEffect(() => {
    if (!overHero) return;
    let frame = 0;
    const report = () => {
      frame = 0;
      sendBar({ type: 'page.scrolled', y: window.scrollY });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(report);
    };
    report();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [overHero, sendBar]);

  const solid = !overHero || bar.hasTag('solid');
  return (
    <header
      ref={header}
      className={`topbar${overHero ? ' topbar--over-hero' : ''}${solid ? ' topbar--solid' : ''}`}
      data-solid={solid}
    >
      <Link href="/" className="topbar__brand" aria-label={`${company.name}, home`}>
        <span className="topbar__brand-full">{company.name}</span>
        <span className="topbar__brand-short" aria-hidden="true">
          {company.shortName}
        </span>
      </Link>
      <nav className="topbar__links" aria-label="Main">
        <NavLinks current={current} />
      </nav>
      <div className="topbar__account">
        {user ? (
          <Suspense fallback={null}>
            <NotificationsBell />
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <Link href="/signin" className="button button--primary topbar__signin">
            Sign In
          </Link>
        )}
        <button
          type="button"
          className="topbar__burger"
          aria-label="Open menu"
          aria-expanded={sideMenu.hasTag('open')}
          aria-controls="side-menu"
          onClick={() => sendSideMenu({ type: 'menu.toggle' })}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <SideMenu open={sideMenu.hasTag('open')} onClose={closeSideMenu} current={current} />
    </header>
  );
}
