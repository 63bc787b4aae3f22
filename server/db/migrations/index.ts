/**
 * Every migration, in order. A static list (rather than reading a folder at run time) keeps them
 * inside the module graph, so they work the same under tsx, vitest and any bundler.
 * Names sort in the order they must run; never rename or edit one that has shipped: add a new one.
 */
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_users_sessions';
import * as m0002 from './0002_invoices';
import * as m0003 from './0003_account';
import * as m0004 from './0004_avatars_visits';
import * as m0005 from './0005_identities';
import * as m0006 from './0006_detached_invoices';
import * as m0007 from './0007_idempotency_keys';
import * as m0008 from './0008_secrets_job_leases';
import * as m0009 from './0009_orders';
import * as m0010 from './0010_invoice_listing_index';
import * as m0011 from './0011_audit_actor_names';
import * as m0012 from './0012_code_tickets';
import * as m0013 from './0013_mail_queue';
import * as m0014 from './0014_two_factor';
import * as m0015 from './0015_passkeys';
import * as m0016 from './0016_session_second_factor';
import * as m0017 from './0017_invoice_documents';
import * as m0018 from './0018_billing_details';
import * as m0019 from './0019_invoice_pdfs';
import * as m0020 from './0020_office_hours';
import * as m0021 from './0021_call_assignments';
import * as m0022 from './0022_customer_bookings';

export const migrations: Record<string, Migration> = {
  '0001_users_sessions': m0001,
  '0002_invoices': m0002,
  '0003_account': m0003,
  '0004_avatars_visits': m0004,
  '0005_identities': m0005,
  '0006_detached_invoices': m0006,
  '0007_idempotency_keys': m0007,
  '0008_secrets_job_leases': m0008,
  '0009_orders': m0009,
  '0010_invoice_listing_index': m0010,
  '0011_audit_actor_names': m0011,
  '0012_code_tickets': m0012,
  '0013_mail_queue': m0013,
  '0014_two_factor': m0014,
  '0015_passkeys': m0015,
  '0016_session_second_factor': m0016,
  '0017_invoice_documents': m0017,
  '0018_billing_details': m0018,
  '0019_invoice_pdfs': m0019,
  '0020_office_hours': m0020,
  '0021_call_assignments': m0021,
  '0022_customer_bookings': m0022,
};
