/**
 * The booking machine's real actors, built on src/api/booking.ts: the order's requests on the invoice card, the
 * link's on /booking/<token>. The server's refusals the page has words for become the machine's refusals: a 409
 * with SLOT_TAKEN_TEXT (taken meanwhile), any other 409 (past the cut-off, or the order moved on), and, for a
 * link, a 404 (not valid). Anything else stays a failure the page offers to try again.
 */
import { fromPromise } from 'xstate';
import { SLOT_TAKEN_TEXT } from '#domain/booking';
import type { SlotsResponse } from '#domain/bookingContract';
import { type BookingApi, BookingRefusal, callBookingMachine, cutoffTextOf } from '#machines/callBooking.machine';
import * as api from '#src/api/booking';
import { ApiError } from '#src/api/errors';

function refusalOf(error: unknown, via: BookingApi['via']): unknown {
  if (!(error instanceof ApiError) || error.serverMessage === null) return error;
  if (error.status === 409) {
    return new BookingRefusal(error.serverMessage === SLOT_TAKEN_TEXT ? 'taken' : 'closed', error.serverMessage);
  }
  if (error.status === 404 && via === 'link') return new BookingRefusal('invalid', error.serverMessage);
  return error;
}

/** The request, with the refusals read as the machine names them. */
async function asked<T>(via: BookingApi['via'], request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw refusalOf(error, via);
  }
}

/** What the link's page says when its call has ended since it was opened. */
const CALL_ENDED_TEXT = 'This call has ended, so it can no longer be changed here.';

/**
 * The slots to choose from. A link's page reads them from the link, which answers no slots rather than a 409
 * once the call can no longer change: that is read as the refusal the order's own request would have given.
 */
async function slotsOf(target: BookingApi): Promise<SlotsResponse> {
  if (target.via === 'order') return api.orderSlots(target.orderId);
  const { state, call, timeZone, promiseEndsAt, slots } = await api.bookingPage(target.token);
  if (state === 'ended') throw new BookingRefusal('closed', CALL_ENDED_TEXT);
  if (state === 'scheduled' && call && Date.now() >= Date.parse(call.changeUntil)) {
    throw new BookingRefusal('closed', cutoffTextOf(call));
  }
  return { timeZone, promiseEndsAt, slots };
}

export function wireCallBooking() {
  return callBookingMachine.provide({
    actors: {
      loadPage: fromPromise(({ input: { api: target } }) =>
        asked(target.via, () => api.bookingPage(target.via === 'link' ? target.token : '')),
      ),
      loadSlots: fromPromise(({ input: { api: target } }) => asked(target.via, () => slotsOf(target))),
      book: fromPromise(({ input: { api: target, start, timeZone } }) =>
        asked(target.via, () =>
          target.via === 'order'
            ? api.bookCall(target.orderId, { start, timeZone })
            : api.moveByLink(target.token, { start, timeZone }),
        ),
      ),
      cancelBooking: fromPromise(({ input: { api: target } }) =>
        asked(target.via, () =>
          target.via === 'order' ? api.cancelCall(target.orderId) : api.cancelByLink(target.token),
        ),
      ),
    },
  });
}
