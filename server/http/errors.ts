/**
 * Every error leaves the server as `{ message: { en } }` (the contract's ErrorBody) with a fitting status.
 * Routes throw HttpError for expected failures; anything else is a bug or an outage: it is logged here
 * in full and the client gets a generic 500 text, never a stack trace or an SQL message.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../src/api/contract';

export const GENERIC_ERROR_TEXT = 'Something went wrong on our side. Please try again later.';
export const NOT_FOUND_TEXT = 'Not found.';

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

export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HttpError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return errorResponse(c, err.status, err.en);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return errorResponse(c, err.status, TEXT_FOR_STATUS[err.status] ?? TEXT_FOR_STATUS[400]!);
  }
  // Unexpected: keep the details in the server log, where an operator can read them.
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, err);
  return errorResponse(c, 500, GENERIC_ERROR_TEXT);
};

export const onNotFound: NotFoundHandler = (c) => errorResponse(c, 404, NOT_FOUND_TEXT);
