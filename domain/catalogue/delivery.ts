/**
 * The names of the delivery types, from one table each. The customer's (DELIVERY_LABELS) are the product's
 * own words, in the first person ("PDF file sent to my email"), the same on every screen the customer sees
 * (the order wizard, the invoices, the checkout page and the receipt). The staff's (STAFF_DELIVERY_LABELS) say
 * what the office has to do, on the office screens and in the office's mails. The wire keeps the contract's
 * values (ServiceType in domain/contract.ts); only what is shown comes from here.
 */
import { SERVICE_TYPES, type ServiceType } from '../contract';

export const DELIVERY_LABELS: Record<ServiceType, string> = {
  'PDF Sent to Email': 'PDF file sent to my email',
  'Video Meeting': 'Video meeting',
  'Phone Call': 'Audio call',
};

export function deliveryLabel(type: ServiceType): string {
  return DELIVERY_LABELS[type];
}

/** Whether a stored delivery type is one of the contract's (a row written by an older version may not be). */
export function isServiceType(value: string): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value);
}

/** What a customer reads for a stored delivery type: the same label as on every screen of the site. */
export function deliveryLabelFor(type: string): string {
  return isServiceType(type) ? deliveryLabel(type) : type;
}

/** What the office reads for each delivery type: its screens and the mails sent to it. */
export const STAFF_DELIVERY_LABELS: Record<ServiceType, string> = {
  'PDF Sent to Email': 'Report by e-mail (PDF)',
  'Video Meeting': 'Video meeting',
  'Phone Call': 'Audio call',
};

export function staffDeliveryLabel(type: ServiceType): string {
  return STAFF_DELIVERY_LABELS[type];
}
