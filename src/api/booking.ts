/**
 * Booking a call (docs/decisions/0042-customers-book-their-call.md): the signed-in customer's order
 * (/api/orders/<id>/slots, /booking, /booking/cancel), and the same from a mail's link without signing in
 * (/api/bookings/<token>, /move, /cancel). Answers are checked with the domain's structs.
 */
import { BookingPageResponse, type BookingRequest, BookingResponse, SlotsResponse } from '#domain/bookingContract';
import { get, post } from './http';

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;
const linkPath = (token: string) => `/bookings/${encodeURIComponent(token)}`;

export function orderSlots(orderId: string): Promise<SlotsResponse> {
  return get(`${orderPath(orderId)}/slots`, SlotsResponse, { auth: true });
}

/** Books the order's call, or moves it when it is booked already. */
export function bookCall(orderId: string, request: BookingRequest): Promise<BookingResponse> {
  return post(`${orderPath(orderId)}/booking`, BookingResponse, request, { auth: true });
}

export function cancelCall(orderId: string): Promise<BookingResponse> {
  return post(`${orderPath(orderId)}/booking/cancel`, BookingResponse, undefined, { auth: true });
}

/** What the link shows: the service, the call and the slots to move to. Reading it changes nothing. */
export function bookingPage(token: string): Promise<BookingPageResponse> {
  return get(linkPath(token), BookingPageResponse);
}

/** Moves the link's call, or books a new time after it was cancelled. */
export function moveByLink(token: string, request: BookingRequest): Promise<BookingResponse> {
  return post(`${linkPath(token)}/move`, BookingResponse, request);
}

export function cancelByLink(token: string): Promise<BookingResponse> {
  return post(`${linkPath(token)}/cancel`, BookingResponse, undefined);
}
