/** Changing the billing details: checked with the form's own rules, stored in their normal form, logged by field. */
import {
  BILLING_ADDRESS_MAX,
  BILLING_FIELDS,
  BILLING_NAME_MAX,
  normalizeBilling,
  validateBilling,
} from '#domain/billing';
import { BillingDetailsRequest } from '#domain/billingContract';
import { HttpError } from '../http/errors';
import { validate } from '../http/validate';
import type { Services } from '../services';
import { readBilling, saveBilling } from './repository';

/** A field that is not text (or far too long to be one) says what it must be. */
const FIELDS = {
  billingName: `The billing name must be text of at most ${BILLING_NAME_MAX} characters.`,
  address: `The billing address must be text of at most ${BILLING_ADDRESS_MAX} characters.`,
  vatNumber: 'The VAT number must be text: a two-letter country code and 2 to 13 letters or digits.',
};

/** Stores the details the body gives (400 with the first field's refusal); answers them as stored. */
export async function changeBilling(
  { db, clock, log }: Pick<Services, 'db' | 'clock' | 'log'>,
  userId: string,
  input: unknown,
) {
  const body = validate(BillingDetailsRequest, input, FIELDS);
  const values = {
    billingName: body.billingName ?? '',
    address: body.address ?? '',
    vatNumber: body.vatNumber ?? '',
  };
  // The first field's refusal, in the words the form shows under it.
  const errors = validateBilling(values);
  const refusal = BILLING_FIELDS.map((field) => errors[field]).find(Boolean);
  if (refusal) throw new HttpError(400, refusal);
  const details = normalizeBilling(values);
  const before = await readBilling(db, userId);
  const changed = BILLING_FIELDS.filter((field) => before[field] !== details[field]);
  if (changed.length > 0) {
    await saveBilling(db, userId, details, clock.now());
    log.security('billing.changed', { userId, fields: changed });
  }
  return details;
}
