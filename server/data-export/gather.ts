/**
 * Everything the database holds about one account, for its data export (docs/data-export.md): each table with a
 * user_id is read (repository.ts), by that id only, or named in the docs with the reason it is left out. Columns
 * are chosen one by one, so no secret (password hash, token hash, TOTP secret, recovery code hash, e-mailed code)
 * is read into the export; the files (picture, invoice PDFs, reports) come back beside the data, named by their place in
 * the archive.
 */
import type { Kysely } from 'kysely';
import { company } from '#domain/company';
import type { BillingDetails } from '#domain/billingContract';
import type { Database } from '../db/schema';
import type { InvoiceDocumentData } from '../invoices/document/data';
import { penceToPounds } from '../orders/pence';
import { DATA_EXPORT_FORMAT, type DataExport } from './format';
import {
  type ExportHistoryRow,
  type ExportInvoiceRow,
  readAccount,
  readAvatar,
  readInvoices,
  readNotifications,
  readOrderHistory,
  readSignIn,
  readVisits,
} from './repository';

/** A file of the archive: its path inside the ZIP, and either its bytes or the invoice whose kept document it is. */
type ExportFile = { path: string; bytes: Uint8Array } | { path: string; invoiceId: string };

export interface GatheredExport {
  data: DataExport;
  files: ExportFile[];
}

const AVATAR_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const CONSENT_NOTE =
  'Your cookie choice is kept only in your browser, as the CookieConsent cookie; the server keeps no record of it.';

/** SQLite answers 0/1, PostgreSQL may answer a boolean or a number: one reading for both (Number(true) is 1). */
const yes = (value: unknown) => Number(value) === 1;

/** The billing details given on the profile, named as the billing API names them; null when none is given. */
function billingOf(user: {
  billing_name: string | null;
  billing_address: string | null;
  billing_vat_number: string | null;
}): BillingDetails | null {
  const billing = { billingName: user.billing_name, address: user.billing_address, vatNumber: user.billing_vat_number };
  return Object.values(billing).some((value) => value !== null) ? billing : null;
}

/** A path not yet taken in the archive: two reports may carry the same name ("report.pdf", "report-2.pdf"). */
export function uniquePath(taken: Set<string>, path: string): string {
  let candidate = path;
  for (let n = 2; taken.has(candidate); n += 1) candidate = path.replace(/(\.[^./]*)?$/, (ext) => `-${n}${ext}`);
  taken.add(candidate);
  return candidate;
}

export async function gatherExport(db: Kysely<Database>, userId: string, now: Date): Promise<GatheredExport> {
  const user = await readAccount(db, userId);
  const [avatar, signIn, invoices, notifications, visits] = await Promise.all([
    readAvatar(db, userId),
    readSignIn(db, userId),
    readInvoices(db, userId),
    readNotifications(db, userId),
    readVisits(db, userId),
  ]);
  const history = await readOrderHistory(
    db,
    invoices.map((row) => row.id),
  );

  const files: ExportFile[] = [];
  // data.json sits beside these; none can take its name (the picture is avatar.*, the rest is in folders).
  const taken = new Set<string>();
  let avatarEntry: DataExport['account']['avatar'] = null;
  if (avatar) {
    const file = uniquePath(taken, `avatar.${AVATAR_EXTENSIONS[avatar.content_type] ?? 'bin'}`);
    files.push({ path: file, bytes: avatar.bytes });
    avatarEntry = { file, contentType: avatar.content_type, updatedAt: avatar.updated_at };
  }

  const data: DataExport = {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: yes(user.email_verified),
      role: user.role,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
      lastLogin: user.last_login,
      deletionScheduledFor: user.deletion_scheduled_for,
      billing: billingOf(user),
      avatar: avatarEntry,
    },
    ...signInOf(user, signIn),
    invoices: invoices.map((row) => invoiceOf(row, history, taken, files)),
    notifications: notifications.map((row) => ({
      kind: row.kind,
      text: row.text_en,
      createdAt: row.created_at,
      seenAt: row.seen_at,
    })),
    visits: visits.map(visitOf),
    consent: { heldByServer: false, note: CONSENT_NOTE },
  };
  return { data, files };
}

/** The ways in and the sessions, as the export names them (never a secret: see the repository). */
function signInOf(
  user: { has_password: unknown; totp_enabled_at: string | null },
  { identities, recoveryLeft, passkeys, sessions }: Awaited<ReturnType<typeof readSignIn>>,
): Pick<DataExport, 'signIn' | 'sessions'> {
  return {
    signIn: {
      password: yes(user.has_password),
      google: identities.map((row) => ({ provider: row.provider, email: row.email, linkedAt: row.created_at })),
      twoFactor: {
        enabled: user.totp_enabled_at !== null,
        since: user.totp_enabled_at,
        recoveryCodesLeft: Number(recoveryLeft.n),
      },
      passkeys: passkeys.map((row) => ({ name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at })),
    },
    sessions: sessions.map((row) => ({
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      secondFactor: row.second_factor,
    })),
  };
}

/** One invoice with its document and order; their files (document, report) join `files` under paths not taken. */
function invoiceOf(
  row: ExportInvoiceRow,
  history: ExportHistoryRow[],
  taken: Set<string>,
  files: ExportFile[],
): DataExport['invoices'][number] {
  let document: DataExport['invoices'][number]['document'] = null;
  if (row.number !== null && row.issued_at !== null && row.data !== null) {
    const frozen = JSON.parse(row.data) as InvoiceDocumentData;
    const file = uniquePath(taken, `invoices/${row.number}.pdf`);
    files.push({ path: file, invoiceId: row.id });
    document = { number: row.number, issuedAt: row.issued_at, file, data: frozen };
  }
  let report: { name: string; file: string } | null = null;
  if (row.report !== null && row.report_name !== null) {
    const file = uniquePath(taken, `reports/${row.report_name}`);
    files.push({ path: file, bytes: row.report });
    report = { name: row.report_name, file };
  }
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    url: row.url,
    amount: penceToPounds(row.amount_pence),
    paid: yes(row.paid),
    paidAt: row.paid_at,
    createdAt: row.created_at,
    paymentProvider: row.provider,
    document,
    // An order's status is never null: null here is the left join finding no order.
    order:
      row.status === null
        ? null
        : {
            status: row.status,
            scheduledAt: row.scheduled_at,
            join: row.join_info,
            lateReason: row.late_reason,
            deliveredAt: row.delivered_at,
            report,
            history: history
              .filter((entry) => entry.invoice_id === row.id)
              .map((entry) => ({
                at: entry.at,
                from: entry.from_status,
                to: entry.to_status,
                // As the customer's own pages show it: the office acted, no staff member is named. The name is
                // written with every staff change and kept when that account is deleted (its id is not).
                by: entry.actor_name !== null ? ('office' as const) : null,
                note: entry.note,
              })),
          },
  };
}

function visitOf(row: Awaited<ReturnType<typeof readVisits>>[number]): DataExport['visits'][number] {
  return {
    visitor: row.visitor,
    date: row.visit_date,
    time: row.visit_time,
    receivedAt: row.received_at,
    clientAddress: row.client_address,
    ipv4: row.ipv4,
    countryCode: row.country_code,
    countryName: row.country_name,
    city: row.city,
    state: row.state,
    postal: row.postal,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** `northgate-data-2026-11-26.zip`: the site's short name and the export's day in the company's time zone. */
export function exportFileName(now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone }).format(now);
  return `${company.shortName.toLowerCase()}-data-${day}.zip`;
}
