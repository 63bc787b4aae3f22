/**
 * The fixed local catalogue of consulting services (docs/product.md#catalogue): never fetched. The client and
 * the server both import it, so it stays free of React, Vite and DOM. The landing page imports only summaries.ts.
 */
import { type ServiceDetail, serviceDetails } from './details';
import { serviceSummaries, type ServiceSummary, summariesByPrice } from './summaries';

export { formatPrice } from './price';

export type Service = ServiceSummary & ServiceDetail;

function withDetails(summary: ServiceSummary): Service {
  const detail = serviceDetails[summary.id];
  if (!detail) throw new Error(`The catalogue has no details for service ${summary.id}`);
  return { ...summary, ...detail };
}

export const services: readonly Service[] = Object.freeze(serviceSummaries.map(withDetails));

/** Ascending by price; equal prices are ordered by title so the order is stable everywhere. */
export const servicesByPrice: readonly Service[] = Object.freeze(summariesByPrice.map(withDetails));

export function findService(id: string): Service | undefined {
  return services.find((service) => service.id === id);
}
