/** The account calls beyond signing in (docs/product.md#accounts); answers are checked with contract.ts structs. */
import type { NewAddressCode, ProfileSaved, ProfileUpdate } from '#machines/profile.machine';
import type { Notification } from '#machines/notifications.machine';
import type { Session, User } from '#domain/types';
import {
  type DeletionRequest,
  ForgotPasswordResponse,
  MessageResponse,
  NotificationsResponse,
  ProfileUpdateResponse,
  ResetPasswordRequest,
  SeenResponse,
  SessionResponse,
  UserResponse,
} from '#domain/contract';
import { get, patch, post } from './http';

/** With a new address, the answer says a code went to it: the address changes once `confirmEmailChange` sends it. */
export async function updateProfile({
  name,
  email,
  avatar,
  currentPassword,
  code,
}: ProfileUpdate): Promise<ProfileSaved> {
  const form = new FormData();
  form.append('name', name);
  form.append('email', email);
  // The proof of an e-mail change (only sent with one).
  if (currentPassword !== undefined) form.append('currentPassword', currentPassword);
  if (code !== undefined) form.append('code', code);
  // The machine types the picture by what it reads; what it holds is the File the page gave it.
  if (avatar) form.append('avatar', avatar as Blob);
  const { emailChange, ...session } = await patch('/users/profile/update', ProfileUpdateResponse, form, { auth: true });
  return emailChange
    ? { ...session, emailChange: { pending: emailChange.pending, message: emailChange.message.en } }
    : session;
}

/** The code the new address got: the address changes, every session ends, and this answers the new one. */
export function confirmEmailChange(input: NewAddressCode): Promise<Session> {
  return post('/users/verify/email-change', SessionResponse, input, { auth: true });
}

/** A fresh code to the new address waiting for one; answers the server's message. */
export async function resendEmailChangeCode(): Promise<string> {
  const { message } = await post('/users/verify/email-change/resend', MessageResponse, undefined, { auth: true });
  return message.en;
}

/** An account without a password: e-mails a code to the CURRENT address; answers the server's message. */
export async function requestEmailChangeCode(): Promise<string> {
  const { message } = await post('/users/verify/email-change/code', MessageResponse, undefined, { auth: true });
  return message.en;
}

/** Answers the server's message and the ticket the mailed code needs. */
export async function requestResetCode(email: string): Promise<{ message: string; ticket: string }> {
  const body = { email, lang: 'en', sendTo: 'email' };
  const { message, ticket } = await post('/users/password/forgot/code', ForgotPasswordResponse, body);
  return { message: message.en, ticket };
}

export async function resetPassword(input: ResetPasswordRequest): Promise<string> {
  const { message } = await post('/users/password/forgot', MessageResponse, input);
  return message.en;
}

export async function sendVerificationCode(): Promise<void> {
  await post('/users/verify/email/code', MessageResponse, undefined, { auth: true });
}

export async function confirmVerificationCode(code: string): Promise<User> {
  const { user } = await post('/users/verify/email', UserResponse, { code }, { auth: true });
  return user;
}

/**
 * A POST, never cached: without a body for a customer, with the current password for an office or admin
 * account (docs/decisions/0023-one-home-per-resource.md). The message is shown as a success toast.
 */
export async function requestDeletion(proof?: { password: string }): Promise<string> {
  const body: DeletionRequest | undefined = proof ? { currentPassword: proof.password } : undefined;
  const { message } = await post('/users/account/deletion/request', MessageResponse, body, { auth: true });
  return message.en;
}

export async function cancelDeletion(): Promise<string> {
  const { message } = await post('/users/account/deletion/cancel', MessageResponse, undefined, { auth: true });
  return message.en;
}

export async function notifications(): Promise<Notification[]> {
  const { notifications } = await get('/users/notifications', NotificationsResponse, { auth: true });
  return notifications.map((n) => ({ id: n.id, text: n.text.en, createdAt: n.createdAt, seen: n.seen }));
}

/** Marks seen the notifications the bell showed, by id (docs/product.md#profile). */
export async function seeNotifications(ids: string[]): Promise<void> {
  await post('/users/notifications/see', SeenResponse, { ids }, { auth: true });
}
