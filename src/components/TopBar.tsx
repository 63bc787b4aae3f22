import { Link } from 'wouter';
import { company } from '../config/company';
import { useAuth } from '../app/hooks';
import { UserMenu } from './UserMenu';
import './TopBar.css';

/** The top navigation bar. The landing page's full version (scroll colour, side menu) is the public-site issue. */
export function TopBar() {
  const { user } = useAuth();
  return (
    <header className="topbar">
      <Link href="/" className="topbar__brand">
        {company.name}
      </Link>
      <nav className="topbar__links" aria-label="Main">
        <a href="/#about">About</a>
        <a href="/#discover">Discover</a>
        <a href="/#services">Services</a>
        <Link href="/privacy-policy">Privacy Policy</Link>
        <Link href="/terms">Terms of Service</Link>
        <Link href="/youth-project" className="topbar__highlight">
          Youth Project
        </Link>
      </nav>
      <div className="topbar__account">
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Link href="/signin" className="button button--primary">
            Sign In
          </Link>
        )}
      </div>
    </header>
  );
}
