/**
 * Google sign-in through a popup is built by the Google sign-in issue (order 5 of 6). Until then the
 * buttons are wired to the machines' 'google' events and this actor says so plainly.
 */
import type { Session } from '../../machines/lib/types';

export async function continueWithGoogle(): Promise<Session> {
  throw new Error('Sign-in with Google is not available yet. Please use your e-mail and password.');
}
