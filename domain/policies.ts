/** Policy constants shared by the legal pages, the account screens and the server. */

/** Days between an account-deletion request and the deletion; until then the customer can cancel it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/**
 * Years a paid invoice is kept after an account is deleted, detached from the person (no name or e-mail):
 * UK law asks a business to keep its sales records for six years.
 */
export const INVOICE_RETENTION_YEARS = 6;

/** Days a visit record is kept (the server's VISIT_RETENTION_DAYS default; the privacy policy states it). */
export const VISIT_RETENTION_DAYS = 90;

/** The date the privacy policy was last updated (docs/product.md#offer). */
export const PRIVACY_POLICY_DATE = 'November 29 2026';

/**
 * The Terms of Service's version and the date it took effect, shown at its top (docs/product.md#offer): its
 * "Changes to these terms" section says the version in force when an order is placed applies to it.
 */
export const TERMS_VERSION = '2';
export const TERMS_EFFECTIVE_DATE = 'November 29 2026';
