/**
 * The answers of a refused request, always with `Retry-After` (whole seconds, for machines) and a text that
 * gives the wait in minutes or hours (for people): 429 when a limit is reached, 503 when the server is busy.
 */
import { HttpError } from '../http/errors';
import type { Limit } from './limit';

export const BUSY_TEXT = 'The server is busy. Please try again in a moment.';

function waitText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** The 429 a blocked caller gets. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** A 429 that names the limit that refused (routes log it; the client never sees the name). */
export class LimitRefused extends HttpError {
  override name = 'LimitRefused';
  constructor(
    readonly limit: Pick<Limit, 'name' | 'keyKind'>,
    readonly retryAfterSeconds: number,
  ) {
    const { status, en, headers } = tooManyAttempts(retryAfterSeconds);
    super(status, en, headers);
  }
}

/** The 503 of a full work queue (server/limits/work-queue.ts). */
export function serverBusy(retryAfterSeconds: number): HttpError {
  return new HttpError(503, BUSY_TEXT, { 'Retry-After': String(retryAfterSeconds) });
}
