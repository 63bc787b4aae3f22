/** Queries on the visits table: one row per reported page visit. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { VisitRequest } from '#domain/contract';
import type { Database } from '../db/schema';

export async function insertVisit(
  db: Kysely<Database>,
  visit: VisitRequest,
  seen: { userId: string | null; clientAddress: string; now: Date },
): Promise<void> {
  await db
    .insertInto('visits')
    .values({
      id: randomUUID(),
      user_id: seen.userId,
      visitor: visit.visitor,
      country_code: visit.country_code,
      country_name: visit.country_name,
      city: visit.city,
      postal: visit.postal,
      latitude: visit.latitude,
      longitude: visit.longitude,
      ipv4: visit.IPv4,
      state: visit.state,
      visit_date: visit.visitDate,
      visit_time: visit.visitTime,
      received_at: seen.now.toISOString(),
      client_address: seen.clientAddress,
    })
    .execute();
}

/** Deletes the visits received before `cutoff` (an ISO time); answers how many. */
export async function deleteVisitsBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('visits').where('received_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
