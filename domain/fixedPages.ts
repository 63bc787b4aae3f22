/**
 * The pages at a fixed address (docs/product.md#routes) with the title and description each shows: the server
 * puts them into the HTML it answers (link previews, search engines), the client sets the same ones in the tab.
 * Free of React, Vite and DOM, and of the catalogue: the landing page imports this file, and the services'
 * details must stay out of its first download (scripts/landing-size.mjs). The service pages are in pages.ts.
 */
import { company } from './company';

export interface PageMeta {
  /** The page's own title; null for the landing page, whose title is the company's name alone. */
  title: string | null;
  description: string;
  /**
   * Open to search engines: listed in the sitemap and allowed in robots.txt. Sign-in and register are: a search
   * for the company's sign-in should find it. The account, password-reset and office pages are not: they show a
   * crawler nothing of its own.
   */
  indexed: boolean;
}

/** The pages at a fixed address; the service pages (/service/{id}/…) are built from the catalogue below. */
export const fixedPages = Object.freeze({
  '/': {
    title: null,
    description: 'Fixed-price IT consulting: web, cloud, security, data, infrastructure and project management.',
    indexed: true,
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: `How ${company.name} collects, uses, keeps and protects your personal data, and your rights under UK GDPR.`,
    indexed: true,
  },
  '/terms': {
    title: 'Terms of Service',
    description: `The terms for using the ${company.name} website and ordering fixed-price IT consultations.`,
    indexed: true,
  },
  '/contact-us': {
    title: 'Contact us',
    description: `Questions about a service? Write to ${company.name}.`,
    indexed: true,
  },
  '/youth-project': {
    title: 'Youth Project',
    description: 'A free 6-month IT training programme for people aged 18 to 30. Apply online.',
    indexed: true,
  },
  '/signin': { title: 'Login', description: 'Sign in to order services and see your invoices.', indexed: true },
  '/signup': {
    title: 'Register',
    description: 'Create an account to order fixed-price IT consulting services.',
    indexed: true,
  },
  '/forgot-password': {
    title: 'Reset your password',
    description: 'Get a code by e-mail and choose a new password.',
    indexed: false,
  },
  '/profile': { title: 'Profile', description: 'Your name, e-mail address, picture and account.', indexed: false },
  '/invoices': { title: 'Invoices', description: 'Your invoices and their payment status.', indexed: false },
  '/change-password': {
    title: 'Change Password',
    description: 'Change the password of your account.',
    indexed: false,
  },
  '/office': {
    title: 'Office',
    description: 'Orders to deliver, unpaid invoices and delivered orders.',
    indexed: false,
  },
} satisfies Record<string, PageMeta>);

/** What the client shows for an address that is no page (and the /not-found page itself). */
export const notFoundPage: PageMeta = Object.freeze({
  title: 'Page not found',
  description: "The page you're looking for does not exist.",
  indexed: false,
});

/** The text of the browser tab: "{title} · {company}", or the company's name alone. */
export function documentTitle(page: Pick<PageMeta, 'title'>): string {
  return page.title ? `${page.title} · ${company.name}` : company.name;
}
