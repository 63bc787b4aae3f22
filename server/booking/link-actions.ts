/**
 * What a booking link's POSTs do (docs/decisions/0042-customers-book-their-call.md): counted per address first,
 * like every route that needs no sign-in, then the same booking, move and cancel as on the invoice card.
 */
import type { Context } from 'hono';
import type { BookingResponse } from '#domain/bookingContract';
import { addressLimitKey, clientAddress } from '../http/client-address';
import type { Services } from '../services';
import { bookCall } from './book';
import { readBooking } from './booking-request';
import { cancelBooking } from './cancel';
import { bookingPage, orderOfLink } from './link';

/** Every request to a link counts, valid or not: the limit is on guesses, not mistakes. */
async function chargeLink(services: Services, c: Context): Promise<void> {
  const address = clientAddress(c, services.config.TRUST_PROXY);
  await services.limits.charge([{ limit: services.limits.bookingLink.address, key: addressLimitKey(address) }], {
    address,
  });
}

export async function showLink(services: Services, c: Context) {
  await chargeLink(services, c);
  return bookingPage(services, c.req.param('token')!);
}

/** A move (200), or a new time after a cancel (201). */
export async function moveFromLink(
  services: Services,
  c: Context,
): Promise<{ status: 200 | 201; answer: BookingResponse }> {
  await chargeLink(services, c);
  const request = await readBooking(c);
  const { order, customer } = await orderOfLink(services.db, c.req.param('token')!);
  const { created, answer } = await bookCall(services, order, request, customer);
  return { status: created ? 201 : 200, answer };
}

export async function cancelFromLink(services: Services, c: Context): Promise<BookingResponse> {
  await chargeLink(services, c);
  const { order, customer } = await orderOfLink(services.db, c.req.param('token')!);
  return cancelBooking(services, order, customer);
}
