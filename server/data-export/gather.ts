/**
 * Everything the database holds about one account, for its data export (docs/data-export.md): each table with a
 * user_id is read here, by that id only, or named in the docs with the reason it is left out. Columns are chosen
 * one by one, so no secret (password hash, token hash, TOTP secret, recovery code hash, e-mailed code) is read
 * into the export; the files (picture, invoice PDFs, reports) come back beside the data, named by their place in
 * the archive.
 */
import type { Kysely } from 'kysely';
import { company } from '#domain/company';
import type { BillingDetails } from '#domain/billingContract';
import type { Database } from '../db/schema';
import type { InvoiceDocumentData } from '../invoices/document/data';
import { penceToPounds } from '../orders/pence';
import { DATA_EXPORT_FORMAT, type DataExport } from './format';

/** A file of the archive: its path inside the ZIP, and either its bytes or the invoice whose kept document it is. */
export type ExportFile = { path: string; bytes: Uint8Array } | { path: string; invoiceId: string };

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

/** SQLite answers 0/1, PostgreSQL may answer a boolean or a number: one reading for both. */
const yes = (value: unknown) => value === true || Number(value) === 1;

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
function uniquePath(taken: Set<string>, path: string): string {
  let candidate = path;
  for (let n = 2; taken.has(candidate); n += 1) candidate = path.replace(/(\.[^./]*)?$/, (ext) => `-${n}${ext}`);
  taken.add(candidate);
  return candidate;
}

export async function gatherExport(db: Kysely<Database>, userId: string, now: Date): Promise<GatheredExport> {
  // The columns named, so that no secret is read (the password's hash only as whether there is one).
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified', 'role', 'created_at', 'updated_at', 'last_login'])
    .select(['deletion_scheduled_for', 'totp_enabled_at', 'billing_name', 'billing_address', 'billing_vat_number'])
    .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [avatar, identities, recoveryLeft, passkeys, sessions, invoices, notifications, visits] = await Promise.all([
    db
      .selectFrom('avatars')
      .select(['content_type', 'bytes', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('identities')
      .select(['provider', 'email', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('passkeys')
      .select(['name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_used_at', 'expires_at', 'revoked_at', 'second_factor'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('invoices')
      .leftJoin('invoice_documents', 'invoice_documents.invoice_id', 'invoices.id')
      .leftJoin('orders', 'orders.invoice_id', 'invoices.id')
      .select([
        'invoices.id',
        'invoices.title',
        'invoices.type',
        'invoices.url',
        'invoices.amount_pence',
        'invoices.paid',
        'invoices.paid_at',
        'invoices.created_at',
        'invoices.provider',
        'invoice_documents.number',
        'invoice_documents.issued_at',
        'invoice_documents.data',
        'orders.invoice_id as order_id',
        'orders.status',
        'orders.scheduled_at',
        'orders.join_info',
        'orders.late_reason',
        'orders.delivered_at',
        'orders.report',
        'orders.report_name',
      ])
      .where('invoices.user_id', '=', userId)
      .orderBy('invoices.created_at')
      .orderBy('invoices.id')
      .execute(),
    db
      .selectFrom('notifications')
      .select(['kind', 'text_en', 'created_at', 'seen_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('visits').selectAll().where('user_id', '=', userId).orderBy('received_at').execute(),
  ]);
  const invoiceIds = invoices.map((row) => row.id);
  const history =
    invoiceIds.length === 0
      ? []
      : await db
          .selectFrom('order_events')
          .select(['invoice_id', 'from_status', 'to_status', 'actor_user_id', 'actor_name', 'note', 'at'])
          .where('invoice_id', 'in', invoiceIds)
          .orderBy('at')
          .orderBy('id')
          .execute();

  const files: ExportFile[] = [];
  const taken = new Set<string>(['data.json']);
  const avatarFile = avatar ? uniquePath(taken, `avatar.${AVATAR_EXTENSIONS[avatar.content_type] ?? 'bin'}`) : null;
  if (avatar && avatarFile) files.push({ path: avatarFile, bytes: avatar.bytes });

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
      avatar:
        avatar && avatarFile
          ? { file: avatarFile, contentType: avatar.content_type, updatedAt: avatar.updated_at }
          : null,
    },
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
    invoices: invoices.map((row) => {
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
        order:
          row.order_id === null || row.status === null
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
                    // As the customer's own pages show it: the office acted, no staff member is named.
                    by: entry.actor_user_id !== null || entry.actor_name !== null ? ('office' as const) : null,
                    note: entry.note,
                  })),
              },
      };
    }),
    notifications: notifications.map((row) => ({
      kind: row.kind,
      text: row.text_en,
      createdAt: row.created_at,
      seenAt: row.seen_at,
    })),
    visits: visits.map((row) => ({
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
    })),
    consent: { heldByServer: false, note: CONSENT_NOTE },
  };
  return { data, files };
}

/** `northgate-data-2026-11-26.zip`: the site's short name and the export's day in the company's time zone. */
export function exportFileName(now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone }).format(now);
  return `${company.shortName.toLowerCase()}-data-${day}.zip`;
}
