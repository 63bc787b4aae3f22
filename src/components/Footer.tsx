import { Link } from 'wouter';
import { company } from '../config/company';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <a href="/#about">About</a>
        <Link href="/privacy-policy">Privacy Policy</Link>
        <Link href="/terms">Terms of Service</Link>
        <Link href="/contact-us">Contact us</Link>
        <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
      </nav>
      <p>
        © {new Date().getFullYear()} {company.name}. All rights reserved.
      </p>
    </footer>
  );
}
