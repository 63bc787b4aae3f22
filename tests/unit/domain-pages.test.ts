/**
 * The pages at their addresses (domain/fixedPages.ts, domain/pages.ts): what each shows in the tab and in a link
 * preview, which a crawler may read (docs/operating.md, "/robots.txt" and "/sitemap.xml"), and which page an
 * address finds.
 */
import { describe, expect, it } from 'vitest';
import { findService } from '#domain/catalogue/services';
import { company } from '#domain/company';
import { documentTitle, fixedPages, notFoundPage } from '#domain/fixedPages';
import { bookingLinkPage, findPage, indexedPaths, serviceDetailsPath } from '#domain/pages';

/**
 * The tab's and the link preview's title of each fixed page. docs/product.md#routes names 'Login' and the links 'Privacy Policy',
 * 'Terms of Service' and 'Youth Project'; the others are the screens' own headings, which a visitor reads in the
 * tab and in a shared link's preview, so a change to one is a change they see.
 */
const TITLES = {
  '/': null,
  '/privacy-policy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/contact-us': 'Contact us',
  '/youth-project': 'Youth Project',
  '/signin': 'Login',
  '/signup': 'Register',
  '/forgot-password': 'Reset your password',
  '/profile': 'Profile',
  '/invoices': 'Invoices',
  '/change-password': 'Change Password',
  '/office': 'Office',
};

/** docs/operating.md: the sitemap's pages; the account, password-reset and office pages are closed to crawlers. */
const INDEXED = ['/', '/privacy-policy', '/terms', '/contact-us', '/youth-project', '/signin', '/signup'];

describe('the fixed pages', () => {
  it('each has its title', () => {
    expect(Object.fromEntries(Object.entries(fixedPages).map(([path, page]) => [path, page.title]))).toEqual(TITLES);
  });

  it('only the public pages are open to crawlers', () => {
    const open = Object.entries(fixedPages).filter(([, page]) => page.indexed);
    expect(open.map(([path]) => path)).toEqual(INDEXED);
    for (const page of Object.values(fixedPages)) expect(typeof page.indexed).toBe('boolean');
  });

  it('each has a description of its own, one a link preview shows whole', () => {
    const descriptions = Object.values(fixedPages).map((page) => page.description);
    for (const description of descriptions) expect(description).toMatch(/^[A-Z][^\n]{20,155}[.?]$/);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it("the legal and contact pages' descriptions name the company", () => {
    for (const path of ['/privacy-policy', '/terms', '/contact-us'] as const) {
      expect(fixedPages[path].description).toContain(company.name);
    }
    expect(fixedPages['/contact-us'].description).toBe('Questions about a service? Write to Northgate IT Consulting.');
  });

  it("the youth project's description states the programme as the specification does", () => {
    // docs/product.md#routes, the youth-project page: "a 6-month training for ages 18 to 30".
    expect(fixedPages['/youth-project'].description).toBe(
      'A free 6-month IT training programme for people aged 18 to 30. Apply online.',
    );
  });

  it('the 404 page is closed to crawlers, with its own title', () => {
    expect(notFoundPage).toEqual({
      title: 'Page not found',
      description: "The page you're looking for does not exist.",
      indexed: false,
    });
  });
});

describe('the title of the browser tab', () => {
  it('is "{title} · {company}", or the company alone for the landing page', () => {
    expect(documentTitle({ title: 'Login' })).toBe('Login · Northgate IT Consulting');
    expect(documentTitle(fixedPages['/'])).toBe('Northgate IT Consulting');
    expect(documentTitle({ title: '' })).toBe('Northgate IT Consulting');
  });
});

describe('the service pages', () => {
  it("the details page: the service's title and card text, open to crawlers", () => {
    const service = findService('cloudmigrate')!;
    expect(serviceDetailsPath(service)).toBe('/service/cloudmigrate/details');
    expect(findPage('/service/cloudmigrate/details')).toEqual({
      title: 'Cloud Migration Strategy',
      description: service.description,
      indexed: true,
    });
  });

  it('the order page: titled for the order, with the price, closed to crawlers', () => {
    expect(findPage('/service/webdevconsul/request')).toEqual({
      title: 'Order: Website Development Consultation',
      description: 'Order Website Development Consultation for £49.00.',
      indexed: false,
    });
  });

  it("a booking mail's page: one title whatever the token, closed to crawlers", () => {
    expect(bookingLinkPage).toEqual({
      title: 'Your booked call',
      description: 'See, change or cancel the time of your call, without signing in.',
      indexed: false,
    });
    expect(findPage('/booking/a-token-from-a-mail')).toBe(bookingLinkPage);
    expect(findPage('/booking/x')).toBe(bookingLinkPage);
  });
});

describe('the page at an address', () => {
  it('is the fixed page there', () => {
    for (const [path, page] of Object.entries(fixedPages)) expect(findPage(path)).toBe(page);
  });

  it.each([
    ['an unknown path', '/nowhere'],
    ['the 404 page itself', '/not-found'],
    ['an inherited key', '/constructor'],
    ['an unknown service', '/service/nosuchservic/details'],
    ['a service without its page', '/service/webdevconsul'],
    ['a service with another page', '/service/webdevconsul/invoice'],
    ['a service page with more after it', '/service/webdevconsul/details/more'],
    ['a service page under another', '/old/service/webdevconsul/details'],
    ['an empty service id', '/service//details'],
    ['a booking without its token', '/booking/'],
    ['a booking token with more after it', '/booking/token/more'],
    ['a booking under another path', '/old/booking/token'],
    ['the booking path alone', '/booking'],
  ])('is none for %s (%s)', (_, path) => {
    expect(findPage(path)).toBeUndefined();
  });
});

describe('the addresses for the sitemap', () => {
  it('are the open fixed pages, then each service details page', () => {
    expect(indexedPaths()).toEqual([
      ...INDEXED,
      '/service/webdevconsul/details',
      '/service/cloudmigrate/details',
      '/service/cybersecurit/details',
      '/service/dataanalytic/details',
      '/service/itinfraaudit/details',
      '/service/softwarepmgt/details',
    ]);
  });
});
