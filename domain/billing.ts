/**
 * The billing details a customer may give for their invoices (docs/product.md#billing-details): the rules, shared
 * by the profile's form (machines/billingDetails.machine.ts) and the server (server/billing/routes.ts), and the
 * normal form both store and show. Every field is optional; an empty one means "none".
 */

import type { BillingDetails } from './billingContract';

export const BILLING_NAME_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;
const BILLING_ADDRESS_LINES = 6;

export const BILLING_NAME_TOO_LONG_TEXT = `The billing name can be at most ${BILLING_NAME_MAX} characters.`;
export const BILLING_ADDRESS_TOO_LONG_TEXT = `The billing address can be at most ${BILLING_ADDRESS_MAX} characters.`;
export const BILLING_ADDRESS_LINES_TEXT = `The billing address can have at most ${BILLING_ADDRESS_LINES} lines.`;
export const VAT_NUMBER_FORMAT_TEXT =
  'A VAT number is a two-letter country code and 2 to 13 letters or digits, e.g. GB123456789.';
export const VAT_NUMBER_NEEDS_BUYER_TEXT = 'A VAT number needs a billing name and a billing address.';

/** What the form holds and the request sends: the text as typed. */
export interface BillingValues {
  billingName: string;
  /** Lines separated by line breaks. */
  address: string;
  vatNumber: string;
}
export type BillingField = keyof BillingValues;
export type BillingErrors = Partial<Record<BillingField, string>>;

export const BILLING_FIELDS: readonly BillingField[] = ['billingName', 'address', 'vatNumber'];

/** The address's lines, each trimmed, the blank ones dropped. */
function addressLines(address: string): string[] {
  return address
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Spaces go and letters are upper-cased: "gb 123 456 789" is GB123456789. */
function compactVat(vatNumber: string): string {
  return vatNumber.replace(/ /g, '').toUpperCase();
}

/** A country code, then 2 to 13 letters or digits (the longest EU VAT numbers have 12 after the prefix). */
const VAT_PATTERN = /^[A-Z]{2}[A-Z0-9]{2,13}$/;

/** The stored form: trimmed, blank address lines dropped, the VAT number upper-case without spaces; none is null. */
export function normalizeBilling(values: BillingValues): BillingDetails {
  const name = values.billingName.trim();
  const address = addressLines(values.address).join('\n');
  const vat = compactVat(values.vatNumber);
  return { billingName: name || null, address: address || null, vatNumber: vat || null };
}

/**
 * The message to show per field, judged on the normal form. A VAT number goes on a business's VAT invoice, which
 * names the business and its address: so it is taken only with a billing name and address beside it.
 */
export function validateBilling(values: BillingValues): BillingErrors {
  const errors: BillingErrors = {};
  const normal = normalizeBilling(values);
  if ((normal.billingName ?? '').length > BILLING_NAME_MAX) errors.billingName = BILLING_NAME_TOO_LONG_TEXT;
  if ((normal.address ?? '').length > BILLING_ADDRESS_MAX) errors.address = BILLING_ADDRESS_TOO_LONG_TEXT;
  else if (addressLines(values.address).length > BILLING_ADDRESS_LINES) errors.address = BILLING_ADDRESS_LINES_TEXT;
  if (normal.vatNumber !== null) {
    if (!VAT_PATTERN.test(normal.vatNumber)) errors.vatNumber = VAT_NUMBER_FORMAT_TEXT;
    else if (normal.billingName === null || normal.address === null) errors.vatNumber = VAT_NUMBER_NEEDS_BUYER_TEXT;
  }
  return errors;
}

/** The form's text for stored details: none is an empty field. */
export function billingValues(details: BillingDetails): BillingValues {
  return {
    billingName: details.billingName ?? '',
    address: details.address ?? '',
    vatNumber: details.vatNumber ?? '',
  };
}

/** Whether two stored forms say the same. */
export function sameBilling(a: BillingDetails, b: BillingDetails): boolean {
  return BILLING_FIELDS.every((field) => a[field] === b[field]);
}
