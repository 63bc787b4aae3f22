import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '#domain/company';
import { SiteFooter } from './landing/SiteFooter';
import './AuthLayout.css';
import { SectionLink } from './SectionLink';

/**
 * Login, registration and password reset sit in a page with a navigation sidebar, a header and a footer
 * (docs/product.md#authentication).
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">
        <Link href="/" className="auth-layout__brand">
          {company.name}
        </Link>
      </header>
      <nav className="auth-layout__sidebar" aria-label="Site">
        <Link href="/">Home</Link>
        <SectionLink section="services">Services</SectionLink>
        <Link href="/youth-project">Youth Project</Link>
        <Link href="/contact-us">Contact us</Link>
        <Link href="/privacy-policy">Privacy Policy</Link>
        <Link href="/terms">Terms of Service</Link>
      </nav>
      <main className="auth-layout__main">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
      </main>
      <div className="auth-layout__footer">
        <SiteFooter />
      </div>
    </div>
  );
}
