/**
 * The shape of `data.json` in a data export, version 1 (docs/data-export.md#datajson). A change that removes or
 * renames a field raises `format`; a new field does not. Times are ISO 8601 in UTC, money in pounds.
 */
import type { InvoiceDocumentData } from '../invoices/document/data';
import type { BillingDetails } from '#domain/billingContract';

export const DATA_EXPORT_FORMAT = 1;

export interface DataExport {
  format: typeof DATA_EXPORT_FORMAT;
  exportedAt: string;
  account: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string;
    createdAt: string;
    updatedAt: string;
    lastLogin: string | null;
    deletionScheduledFor: string | null;
    /** The profile's billing details (docs/product.md#billing-details); null when none is given. */
    billing: BillingDetails | null;
    /** The picture's file in the archive (`avatar.png`, …), or null without one. */
    avatar: { file: string; contentType: string; updatedAt: string } | null;
  };
  signIn: {
    /** Whether the account has a password; the password itself is only ever kept as a hash, left out. */
    password: boolean;
    google: Array<{ provider: string; email: string; linkedAt: string }>;
    twoFactor: { enabled: boolean; since: string | null; recoveryCodesLeft: number };
    passkeys: Array<{ name: string; createdAt: string; lastUsedAt: string | null }>;
  };
  sessions: Array<{
    createdAt: string;
    lastUsedAt: string;
    expiresAt: string;
    revokedAt: string | null;
    secondFactor: string | null;
  }>;
  invoices: Array<{
    id: string;
    title: string;
    type: string;
    url: string;
    amount: number;
    paid: boolean;
    paidAt: string | null;
    createdAt: string;
    paymentProvider: string;
    /** The invoice document issued at payment: its number, its PDF in the archive and the data it shows. */
    document: { number: string; issuedAt: string; file: string; data: InvoiceDocumentData } | null;
    order: {
      status: string;
      scheduledAt: string | null;
      join: string | null;
      lateReason: string | null;
      deliveredAt: string | null;
      /** The report's file in the archive (`reports/<name>`), once sent. */
      report: { name: string; file: string } | null;
      /** Each change of the order's status; `by` is 'office' or, for the payment, null (staff are not named). */
      history: Array<{ at: string; from: string; to: string; by: 'office' | null; note: string | null }>;
    } | null;
  }>;
  notifications: Array<{ kind: string; text: string; createdAt: string; seenAt: string | null }>;
  visits: Array<{
    visitor: string;
    date: string;
    time: string;
    receivedAt: string;
    clientAddress: string;
    ipv4: string | null;
    countryCode: string | null;
    countryName: string | null;
    city: string | null;
    state: string | null;
    postal: string | null;
    latitude: number | null;
    longitude: number | null;
  }>;
  consent: { heldByServer: false; note: string };
}
