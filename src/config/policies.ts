/** Policy constants shared by the legal pages, the account screens and the server. */

/** Days between an account-deletion request and the deletion; until then the customer can cancel it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** The date the privacy policy was last updated (SPEC 1). */
export const PRIVACY_POLICY_DATE = 'April 07 2025';
