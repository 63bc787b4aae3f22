/**
 * The names of the delivery types, from one table each. The customer's (DELIVERY_LABELS) are the product's
 * own words, in the first person ("PDF file sent to my email"), the same on every screen the customer sees
 * (the order wizard, the invoices, the checkout page). The customer's documents (DOCUMENT_DELIVERY_LABELS: the
 * invoice PDF and the receipt mail) state it as a bill does. The staff's (STAFF_DELIVERY_LABELS) say
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

/**
 * How the customer's documents (the invoice PDF, the receipt mail) state what was sold: in the seller's voice, as
 * a customer reads a bill, not the wizard's first person (docs/invoices.md#the-pdf).
 */
export const DOCUMENT_DELIVERY_LABELS: Record<ServiceType, string> = {
  'PDF Sent to Email': 'Report sent by e-mail',
  'Video Meeting': 'Video meeting',
  'Phone Call': 'Audio call',
};

/** A document's words for a stored delivery type; an unknown one (an older row) as it was stored. */
export function documentDeliveryFor(type: string): string {
  return isServiceType(type) ? DOCUMENT_DELIVERY_LABELS[type] : type;
}

/**
 * A document's words for the delivery an issued document names in the wizard's words (its frozen data keeps what
 * the customer chose, docs/invoices.md); any other text as it is.
 */
export function documentDeliveryForLabel(label: string): string {
  const type = SERVICE_TYPES.find((candidate) => DELIVERY_LABELS[candidate] === label);
  return type ? DOCUMENT_DELIVERY_LABELS[type] : label;
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
