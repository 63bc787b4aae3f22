/**
 * Every page route of the site, for the server (the HTML it answers, the sitemap): the fixed pages of
 * fixedPages.ts and the two pages of each service in the catalogue (/service/{id}/details and …/request).
 */
import { formatPrice } from './catalogue/price';
import { findService, type Service, services } from './catalogue/services';
import { fixedPages, type PageMeta } from './fixedPages';

export function serviceDetailsPath(service: Service): string {
  return `/service/${service.id}/details`;
}

export function serviceDetailsPage(service: Service): PageMeta {
  return { title: service.title, description: service.description, indexed: true };
}

export function serviceRequestPage(service: Service): PageMeta {
  return {
    title: `Order: ${service.title}`,
    description: `Order ${service.title} for ${formatPrice(service.price)}.`,
    indexed: false,
  };
}

/**
 * A booking mail's page (/booking/<token>, docs/decisions/0042-customers-book-their-call.md): the same title
 * whatever the token, and closed to crawlers, as the account pages are.
 */
export const bookingLinkPage: PageMeta = Object.freeze({
  title: 'Your booked call',
  description: 'See, change or cancel the time of your call, without signing in.',
  indexed: false,
});

const servicePath = /^\/service\/([^/]+)\/(details|request)$/;
const bookingLinkPath = /^\/booking\/[^/]+$/;

/** The page at this path, or undefined when the SPA has none there (an unknown service id included). */
export function findPage(path: string): PageMeta | undefined {
  if (Object.hasOwn(fixedPages, path)) return fixedPages[path as keyof typeof fixedPages];
  if (bookingLinkPath.test(path)) return bookingLinkPage;
  const match = servicePath.exec(path);
  const service = match ? findService(match[1] ?? '') : undefined;
  if (!service) return undefined;
  return match?.[2] === 'details' ? serviceDetailsPage(service) : serviceRequestPage(service);
}

/** Every address open to search engines, for the sitemap: the fixed pages, then each service's details. */
export function indexedPaths(): string[] {
  const fixed = Object.entries(fixedPages).filter(([, page]) => page.indexed);
  return [...fixed.map(([path]) => path), ...services.map(serviceDetailsPath)];
}
