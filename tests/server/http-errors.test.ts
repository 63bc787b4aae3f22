/**
 * What the error handler (server/http/errors.ts) answers for what a route throws: our HttpError with its own
 * text and headers; Hono's own HTTPException below 500 with a fixed text for its status; and anything else,
 * Hono's 5xx included, as the generic 500, logged. Every 429 and 503 says when to come back.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_TEXT, HttpError, onError, onNotFound } from '#server/http/errors';
import { createCapturedLog } from './helpers';

function appThrowing(error: unknown) {
  const captured = createCapturedLog();
  const app = new Hono();
  app.get('/fails', () => {
    throw error;
  });
  app.onError(onError(captured.log));
  app.notFound(onNotFound);
  return { app, lines: captured.lines };
}

async function answer(error: unknown) {
  const { app, lines } = appThrowing(error);
  const res = await app.request('/fails');
  const headers = { retryAfter: res.headers.get('retry-after'), why: res.headers.get('x-why') };
  return { status: res.status, ...headers, body: await res.json(), lines };
}

describe("Hono's own errors", () => {
  it('below 500 keep their status, with the text for it and no log line', async () => {
    for (const [status, text] of [
      [400, 'The request could not be understood.'],
      [401, 'Please sign in to continue.'],
      [403, 'You are not allowed to do that.'],
      [404, 'Not found.'],
      [405, 'That method is not allowed here.'],
      [413, 'The request is too large.'],
      [415, 'That content type is not supported here.'],
    ] as const) {
      const { body, lines, ...rest } = await answer(new HTTPException(status));
      expect(rest, String(status)).toEqual({ status, retryAfter: null, why: null });
      expect(body).toEqual({ message: { en: text } });
      expect(lines).toEqual([]);
    }
  });

  it('a status without a text of its own gets the text for 400; a 429 says to come back in a minute', async () => {
    expect(await answer(new HTTPException(418))).toMatchObject({
      status: 418,
      body: { message: { en: 'The request could not be understood.' } },
    });
    expect(await answer(new HTTPException(429))).toMatchObject({
      status: 429,
      retryAfter: '60',
      body: { message: { en: 'Too many requests. Please try again later.' } },
    });
  });

  it('from 500 up are failures of ours: the generic text, and the details in the log', async () => {
    for (const status of [500, 502] as const) {
      const { body, lines, ...rest } = await answer(new HTTPException(status, { message: 'upstream said no' }));
      expect(rest, String(status)).toEqual({ status: 500, retryAfter: null, why: null });
      expect(body).toEqual({ message: { en: GENERIC_ERROR_TEXT } });
      expect(lines).toMatchObject([
        { event: 'request.failed', method: 'GET', path: '/fails', msg: 'GET /fails failed' },
      ]);
    }
  });
});

describe('our HttpError', () => {
  it('answers its own text and headers; a 503 without Retry-After gets one, one that gave it keeps its own', async () => {
    expect(await answer(new HttpError(409, 'Taken.', { 'X-Why': 'taken' }))).toMatchObject({
      status: 409,
      retryAfter: null,
      why: 'taken',
      body: { message: { en: 'Taken.' } },
    });
    expect(await answer(new HttpError(503, 'Later.'))).toMatchObject({ status: 503, retryAfter: '60' });
    // Headers of another name are no Retry-After.
    expect(await answer(new HttpError(503, 'Later.', { 'X-Why': 'upkeep' }))).toMatchObject({
      status: 503,
      retryAfter: '60',
      why: 'upkeep',
    });
    expect(await answer(new HttpError(429, 'Slow down.', { 'retry-after': '7' }))).toMatchObject({
      status: 429,
      retryAfter: '7',
    });
  });
});
