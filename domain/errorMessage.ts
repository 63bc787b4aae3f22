/**
 * The text most screens show for a failure: what the server said (its `message.en`), and 'Network Error'
 * when a call failed without such a text, whatever the HTTP client's own words were (no answer, a
 * time-out, a bare status). An error that is not a failed call (the Google popup's, for one) says its
 * own message.
 */
export const NETWORK_ERROR = 'Network Error';

/** A failed call, as the API client reports it: `serverMessage` is the answer's `message.en`, or null. */
export interface CallFailure {
  message: string;
  serverMessage: string | null;
}

export function isCallFailure(error: unknown): error is CallFailure {
  return (
    error instanceof Error &&
    'serverMessage' in error &&
    (error.serverMessage === null || typeof error.serverMessage === 'string')
  );
}

export function errorMessage(error: unknown): string {
  if (isCallFailure(error)) return error.serverMessage?.trim() ? error.serverMessage : NETWORK_ERROR;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return NETWORK_ERROR;
}
