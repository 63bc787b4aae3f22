/** SPEC 8: server error text is message.en (the API client turns it into Error.message); if missing, 'Network Error'. */
export const NETWORK_ERROR = 'Network Error';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return NETWORK_ERROR;
}
