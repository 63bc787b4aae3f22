/** A signed-in customer books, moves or cancels their own order's call (server/booking/book.ts, cancel.ts). */
import type { Context } from 'hono';
import type { BookingResponse } from '#domain/bookingContract';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { bookCall } from './book';
import { readBooking } from './booking-request';
import { cancelBooking } from './cancel';
import { customersOrder } from './order-slots';

export async function bookAsSignedIn(
  services: Services,
  c: Context<AppEnv>,
): Promise<{ status: 200 | 201; answer: BookingResponse }> {
  const { user } = c.get('auth');
  const order = await customersOrder(services.db, c.req.param('id')!, user.id);
  const request = await readBooking(c);
  const { created, answer } = await bookCall(services, order, request, user);
  return { status: created ? 201 : 200, answer };
}

export async function cancelAsSignedIn(services: Services, c: Context<AppEnv>): Promise<BookingResponse> {
  const { user } = c.get('auth');
  return cancelBooking(services, await customersOrder(services.db, c.req.param('id')!, user.id), user);
}
