/**
 * Every error leaves the server as `{ message: { en } }` (the contract's ErrorBody) with a fitting status.
 * Routes throw HttpError for expected failures; anything else is a bug or an outage: it is logged here
 * in full and the client gets a generic 500 text, never a stack trace or an SQL message.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '#domain/contract';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors';
import type { ServerLog } from '../log';
import { clientAborted } from './client-aborted';

export const GENERIC_ERROR_TEXT = 'Something went wrong on our side. Please try again later.';
export const NOT_FOUND_TEXT = 'Not found.';
export const CLIENT_ABORTED_TEXT = 'The request was not received in full.';
export const DATABASE_UNAVAILABLE_TEXT = 'The service is temporarily unavailable. Please try again shortly.';
/** A database outage is usually a restart or a failover: worth trying again within seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    /** Shown to the customer: plain English, no internals. */
    readonly en: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(en);
  }
}

export function errorBody(en: string): ErrorBody {
  return { message: { en } };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, en: string): Response {
  return c.json(errorBody(en), status);
}

/** Texts for errors Hono itself raises (e.g. its body limit), which carry no customer-facing text. */
const TEXT_FOR_STATUS: Partial<Record<number, string>> = {
  400: 'The request could not be understood.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: NOT_FOUND_TEXT,
  405: 'That method is not allowed here.',
  413: 'The request is too large.',
  415: 'That content type is not supported here.',
  429: 'Too many requests. Please try again later.',
};

/** When a 429 or 503 did not say how long to wait: the client is told to come back in a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Every 429 and 503 carries Retry-After (seconds), also where whoever threw it gave none. */
function ensureRetryAfter(c: Context, status: number, headers: Record<string, string> = {}): void {
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'retry-after');
  if ((status === 429 || status === 503) && !given) {
    c.header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
  }
}

/** The app's error handler, writing to the server's log. */
export function onError(log: ServerLog): ErrorHandler {
  return (err, c) => {
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      ensureRetryAfter(c, err.status, err.headers);
      return errorResponse(c, err.status, err.en);
    }
    if (err instanceof HTTPException && err.status < 500) {
      ensureRetryAfter(c, err.status);
      return errorResponse(c, err.status, TEXT_FOR_STATUS[err.status] ?? TEXT_FOR_STATUS[400]!);
    }
    const request = { method: c.req.method, path: c.req.path };
    if (clientAborted(c)) {
      // The client hung up while its request was arriving: its doing, not a failure of ours.
      const reason = err instanceof Error ? err.message : String(err);
      // A flood of half-sent bodies must not write a line each: one a minute per address, then a count.
      const address = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
        ?.remoteAddress;
      log.warnRepeated(
        'client.aborted',
        { ...request, address: address ?? 'unknown', reason },
        'the client disconnected mid-request',
      );
      return errorResponse(c, 400, CLIENT_ABORTED_TEXT);
    }
    if (isDatabaseUnavailable(err)) {
      // An outage for the operator to see, but not the client's fault nor a bug: 503 and come back soon.
      log.logger.error({ event: 'database.unavailable', ...request, err }, 'the database is unavailable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return errorResponse(c, 503, DATABASE_UNAVAILABLE_TEXT);
    }
    if (isUnstorableText(err)) {
      log.logger.warn({ event: 'request.unstorable_text', ...request }, 'the request held text the database refuses');
      return errorResponse(c, 400, TEXT_FOR_STATUS[400]!);
    }
    // Unexpected: keep the details in the server log, where an operator can read them.
    log.logger.error({ event: 'request.failed', ...request, err }, `${request.method} ${request.path} failed`);
    return errorResponse(c, 500, GENERIC_ERROR_TEXT);
  };
}

export const onNotFound: NotFoundHandler = (c) => errorResponse(c, 404, NOT_FOUND_TEXT);
