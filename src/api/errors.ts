/**
 * Every failed call becomes an Error whose message is the server's `message.en`, else 'Network Error'
 * (SPEC 8). redaxios rejects with the response object, or with a TypeError when fetch itself failed.
 */
import { is } from 'superstruct';
import { NETWORK_ERROR } from '../../machines/lib/errorMessage';
import { ErrorBody } from './contract';

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when no response came back. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function toApiError(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  if (typeof failure === 'object' && failure !== null && 'status' in failure) {
    const { status, data } = failure as { status: unknown; data?: unknown };
    const message = is(data, ErrorBody) && data.message.en.trim() ? data.message.en : NETWORK_ERROR;
    return new ApiError(message, typeof status === 'number' ? status : 0);
  }
  return new ApiError(NETWORK_ERROR, 0);
}
