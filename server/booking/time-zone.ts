/** The customer's IANA zone, as their browser names it: only their mails' times and the office's view use it. */
import { HttpError } from '../http/errors';

export const TIME_ZONE_TEXT = 'Please give your time zone as your browser names it (for example Europe/Paris).';

/** The zone's canonical name; a 400 for a name no zone has. */
export function checkedTimeZone(name: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new HttpError(400, TIME_ZONE_TEXT);
  }
}
