/**
 * Queries of the booking (docs/decisions/0042-customers-book-their-call.md): the office members' hours, kept as
 * JSON text of wall-clock ranges and local dates, and the calls already booked.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** An office member's row as stored: the ranges and days off still JSON text. */
export interface HoursRow {
  member_id: string;
  weekly: string;
  days_off: string;
}

export function findHours(db: Kysely<Database>, memberId: string): Promise<HoursRow | undefined> {
  return db
    .selectFrom('office_hours')
    .select(['member_id', 'weekly', 'days_off'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Writes the member's hours whole, replacing what was there. */
export async function saveHours(db: Kysely<Database>, row: HoursRow, now: Date): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insertInto('office_hours')
    .values({ ...row, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({ weekly: row.weekly, days_off: row.days_off, updated_at: updatedAt }),
    )
    .execute();
}

/** Every office and admin account, with its hours' row when it has one (null columns when not). */
export function listStaffHours(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('office_hours', 'office_hours.member_id', 'users.id')
    .select(['users.id as member_id', 'office_hours.weekly', 'office_hours.days_off'])
    .where('users.role', 'in', ['office', 'admin'])
    .orderBy('users.id')
    .execute();
}

/**
 * Every call booked to start at `since` or later: the scheduled orders with a time, and who holds each (null: a
 * call set before calls had holders, which keeps every member busy then).
 */
export function listBookedCalls(db: Kysely<Database>, since: string) {
  return db
    .selectFrom('orders')
    .select(['invoice_id', 'scheduled_at', 'call_member_id'])
    .where('status', '=', 'scheduled')
    .where('scheduled_at', 'is not', null)
    .where('scheduled_at', '>=', since)
    .orderBy('scheduled_at')
    .$narrowType<{ scheduled_at: string }>()
    .execute();
}

/** The name of an office member, for the customer's answer and mail. */
export async function findMemberName(db: Kysely<Database>, memberId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', memberId).executeTakeFirst();
  return row?.name ?? null;
}
