/** A scheduled call's calendar file, for its customer (GET /api/orders/<id>/calendar.ics). */
import { HttpError, NOT_FOUND_TEXT } from '../http/errors';
import type { Services } from '../services';
import { calendarFileName, callCalendar } from './calendar';
import { findCallHolder, findOrder } from './repository';

/** The file and its name; 404 for another customer's order, an unknown one, or one not scheduled. */
export async function customerCalendar(
  { db, config }: Pick<Services, 'db' | 'config'>,
  orderId: string,
  userId: string,
): Promise<{ calendar: string; fileName: string }> {
  const order = await findOrder(db, orderId);
  if (!order || order.user_id !== userId || order.scheduled_at === null || order.join_info === null) {
    throw new HttpError(404, NOT_FOUND_TEXT);
  }
  const calendar = await callCalendar(
    {
      invoiceId: order.id,
      title: order.title,
      type: order.type,
      at: order.scheduled_at,
      join: order.join_info,
      customer: null,
      sequence: (await findCallHolder(db, order.id)).call_sequence ?? 0,
      publicUrl: config.PUBLIC_URL,
      minutes: config.CALL_MINUTES,
      organizer: config.OFFICE_EMAIL,
    },
    // A file to add to one's calendar, not an invitation that expects an answer (server/orders/calendar.ts).
    'PUBLISH',
  );
  return { calendar, fileName: calendarFileName(order.scheduled_at) };
}
