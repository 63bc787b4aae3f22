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

const servicePath = /^\/service\/([^/]+)\/(details|request)$/;

/** The page at this path, or undefined when the SPA has none there (an unknown service id included). */
export function findPage(path: string): PageMeta | undefined {
  if (Object.hasOwn(fixedPages, path)) return fixedPages[path as keyof typeof fixedPages];
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
