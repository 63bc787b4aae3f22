/** The sign-in and session calls (docs/product.md#authentication); answers are checked with contract.ts structs. */
import type { Session, User } from '#domain/types';
import { AuthenticateResponse, SessionResponse, SignInResponse, SignOutOthersResponse } from '#domain/contract';
import { get, patch, post } from './http';

function toFormData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The signed-in user as the server holds it now: at start-up, and after a change (the deletion's refresh). */
export async function authenticate(): Promise<User> {
  const { user } = await get('/users/authenticate', AuthenticateResponse, { auth: true });
  return user;
}

/** Answers a session, or the step the sign-in still needs (docs/decisions/0022-tickets-for-codes.md). */
export const loginWithEmail = (input: { email: string; password: string }): Promise<SignInResponse> =>
  post('/auth/login/email', SignInResponse, input);

/** The e-mailed code: answers a session, or the authenticator app's step for an account with one. */
export const confirmSecondStep = (input: { ticket: string; code: string }): Promise<SignInResponse> =>
  post('/auth/login/second-step', SignInResponse, input);

/** The authenticator app's code or a recovery code, with the app step's ticket: answers a session. */
export const confirmTotpStep = (input: { ticket: string; code: string }): Promise<Session> =>
  post('/auth/login/second-step', SessionResponse, input);

/** Registration is sent as form data. */
export const registerWithEmail = (input: { name: string; email: string; password: string }): Promise<Session> =>
  post('/auth/register/email', SessionResponse, toFormData(input));

/**
 * Revokes a session on the server. The token is handed in, since the browser forgets its stored copy as
 * logout begins (machines/auth.machine.ts).
 */
export const logout = (token: string): Promise<void> =>
  post('/auth/logout', null, undefined, { headers: { authorization: `Bearer ${token}` } });

/** "Sign out everywhere": every other session of the account ends; answers the server's words for it. */
export async function signOutElsewhere(): Promise<string> {
  const { message } = await post('/auth/logout/others', SignOutOthersResponse, undefined, { auth: true });
  return message.en;
}

export const changePassword = (input: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Session> => patch('/users/password/change', SessionResponse, input, { auth: true });
