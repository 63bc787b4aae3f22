/**
 * Every failed call becomes an ApiError. Its message is the server's `message.en` when the answer had
 * one, else the HTTP client's own words (as axios words them, see CLIENT_MESSAGES). The server's text
 * is also kept apart in `serverMessage`, for the screens that show only what the server said and
 * 'Network Error' otherwise (domain/errorMessage.ts).
 */
import { is } from 'superstruct';
import { NETWORK_ERROR } from '#domain/errorMessage';
import { ErrorBody } from '#domain/contract';

/** What the HTTP client says when the server said nothing readable. */
export const CLIENT_MESSAGES = {
  /** No answer came: fetch itself failed (offline, refused, reset). */
  network: NETWORK_ERROR,
  /** The caller aborted the request (its AbortSignal). */
  aborted: 'Request aborted',
  /** The call's time-out passed before the answer came. */
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
  /** An answer outside 2xx without `message.en`. */
  status: (status: number) => `Request failed with status code ${status}`,
} as const;

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no response came back. */
    readonly status: number,
    /** The answer's `message.en`, or null when there was no answer or it carried no text. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Why a request ended early, when the client itself ended it. */
export type Interruption = { reason: 'aborted' } | { reason: 'timeout'; ms: number };

/**
 * The ApiError for what redaxios rejected with: the response object for an answer outside 2xx, or
 * fetch's own error when no answer came (an AbortError when `interrupted` says why).
 */
export function toApiError(failure: unknown, interrupted: Interruption | null = null): ApiError {
  if (failure instanceof ApiError) return failure;
  if (typeof failure === 'object' && failure !== null && 'status' in failure && 'config' in failure) {
    const { status, data } = failure as { status: unknown; data?: unknown };
    const code = typeof status === 'number' ? status : 0;
    const server = is(data, ErrorBody) && data.message.en.trim() ? data.message.en : null;
    return new ApiError(server ?? CLIENT_MESSAGES.status(code), code, server);
  }
  if (interrupted?.reason === 'timeout') return new ApiError(CLIENT_MESSAGES.timeout(interrupted.ms), 0);
  if (interrupted?.reason === 'aborted') return new ApiError(CLIENT_MESSAGES.aborted, 0);
  return new ApiError(CLIENT_MESSAGES.network, 0);
}
