/** Policy constants shared by the legal pages, the account screens and the server. */

/** Days between a confirmed account-deletion request and the actual deletion; signing in cancels it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** The date the privacy policy was last updated (SPEC 1). */
export const PRIVACY_POLICY_DATE = 'April 07 2025';
