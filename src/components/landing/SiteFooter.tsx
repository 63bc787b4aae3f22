import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useAppActors } from '#src/common/AppActorsContext';
import { company } from '#domain/company';
import './SiteFooter.css';
import { SectionLink } from '../SectionLink';

const iconProps = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
} as const;

const socialLinks = [
  {
    name: 'LinkedIn',
    href: company.social.linkedin,
    icon: (
      <svg {...iconProps}>
        <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.95c0-1.18-.02-2.7-1.65-2.7-1.65 0-1.9 1.29-1.9 2.62V21h-4z" />
      </svg>
    ),
  },
  {
    name: 'X',
    href: company.social.x,
    icon: (
      <svg {...iconProps}>
        <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77zm-1.08 16.17h1.7L7.4 4.73H5.58z" />
      </svg>
    ),
  },
  {
    name: 'GitHub',
    href: company.social.github,
    icon: (
      <svg {...iconProps}>
        <path d="M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.53 2.35 1.09 2.92.83.09-.65.35-1.09.63-1.34-2.22-.25-4.56-1.11-4.56-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.56 9.56 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2z" />
      </svg>
    ),
  },
];

/** Opens the cookie banner again, so a choice can be changed or withdrawn. */
function CookieSettings() {
  const { consent } = useAppActors();
  const decided = useSelector(consent, (s) => s.hasTag('decided'));
  if (!decided) return null;
  return (
    <button
      type="button"
      className="landing-footer__link-button"
      onClick={() => consent.send({ type: 'consent.review' })}
    >
      Cookie settings
    </button>
  );
}

/**
 * The landing page's footer: company, legal and customer links, support address, social networks
 * (docs/product.md#screens).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <div className="landing-footer__brand">
          <p className="landing-footer__name">{company.name}</p>
          <p className="landing-footer__tagline">
            Fixed-price IT consulting for growing organisations, delivered within one day after payment.
          </p>
          <p className="landing-footer__support">
            <span className="landing-footer__support-label">Support</span>
            <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
          </p>
        </div>

        <nav className="landing-footer__nav" aria-labelledby="footer-company-title">
          <h2 id="footer-company-title" className="landing-footer__heading">
            Company
          </h2>
          <ul>
            <li>
              <SectionLink section="about">About us</SectionLink>
            </li>
            <li>
              <Link href="/contact-us">Contact us</Link>
            </li>
            <li>
              <Link href="/youth-project">Youth Project</Link>
            </li>
          </ul>
        </nav>

        <nav className="landing-footer__nav" aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title" className="landing-footer__heading">
            Legal
          </h2>
          <ul>
            <li>
              <Link href="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link href="/terms">Terms of Service</Link>
            </li>
            <li>
              <CookieSettings />
            </li>
          </ul>
        </nav>

        <nav className="landing-footer__nav" aria-labelledby="footer-customers-title">
          <h2 id="footer-customers-title" className="landing-footer__heading">
            Customers
          </h2>
          <ul>
            <li>
              <SectionLink section="services">Our services</SectionLink>
            </li>
            <li>
              <SectionLink section="discover">How it works</SectionLink>
            </li>
            <li>
              <SectionLink section="how-we-can-help">How we can help</SectionLink>
            </li>
            <li>
              <Link href="/invoices">My invoices</Link>
            </li>
          </ul>
        </nav>

        <SocialLinks />
      </div>
      <p className="landing-footer__copyright">
        © {year} {company.name}
      </p>
    </footer>
  );
}

/**
 * The company's own pages on the social networks, each opening in a new tab. A network whose page the build does
 * not set is left out, and with none set the block is too (docs/configuration.md#the-company-and-the-content).
 */
function SocialLinks() {
  const links = socialLinks.flatMap(({ href, ...link }) => (href ? [{ ...link, href }] : []));
  if (links.length === 0) return null;
  return (
    <div className="landing-footer__social">
      <h2 className="landing-footer__heading" id="footer-social-title">
        Follow us
      </h2>
      <ul aria-labelledby="footer-social-title">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${company.name} on ${link.name} (opens in a new tab)`}
            >
              {link.icon}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
