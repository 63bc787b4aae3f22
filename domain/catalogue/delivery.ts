/**
 * What a customer reads for each delivery type: one name per type, the same on every screen (the order
 * wizard, the invoices, the checkout page and the receipt). The wire keeps the contract's values
 * (ServiceType in domain/contract.ts); only what is shown comes from here.
 */
import type { ServiceType } from '../contract';

export const DELIVERY_LABELS: Record<ServiceType, string> = {
  'PDF Sent to Email': 'PDF file sent to my email',
  'Video Meeting': 'Video meeting',
  'Phone Call': 'Audio call',
};

export function deliveryLabel(type: ServiceType): string {
  return DELIVERY_LABELS[type];
}
