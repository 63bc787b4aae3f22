/** Path tests and rules of the account machines: profile, password change and reset, verification, deletion. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { changePasswordMachine, type PasswordField } from '../../machines/changePassword.machine';
import { deleteAccountMachine } from '../../machines/deleteAccount.machine';
import { forgotPasswordMachine, type ResetInput } from '../../machines/forgotPassword.machine';
import { lastLoginMachine } from '../../machines/lastLogin.machine';
import { formatSince } from '../../machines/lib/since';
import { AVATAR_REFUSED, type ProfileSaved, type ProfileUpdate, profileMachine } from '../../machines/profile.machine';
import { verifyEmailMachine } from '../../machines/verifyEmail.machine';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/contract';
import type { Session, User } from '../../domain/types';
import {
  changePasswordSamples,
  changePasswordState,
  deleteAccountSamples,
  forgotPasswordSamples,
  forgotPasswordState,
  lastLoginSamples,
  lastLoginState,
  pendingSession,
  profileSamples,
  profileState,
  verifyEmailSamples,
} from './accountSamples';
import { ada, adaSession, renamedSession } from './fixtures';
import { describePathTests } from './pathTest';

const png = new Blob([new Uint8Array(100)], { type: 'image/png' });
const huge = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' });

describePathTests({ machine: profileMachine, ...profileSamples, serializeState: profileState });

describePathTests({ machine: changePasswordMachine, ...changePasswordSamples, serializeState: changePasswordState });

describePathTests({ machine: forgotPasswordMachine, ...forgotPasswordSamples, serializeState: forgotPasswordState });

describePathTests({ machine: verifyEmailMachine, ...verifyEmailSamples });

describePathTests({ machine: deleteAccountMachine, ...deleteAccountSamples });

describePathTests({ machine: lastLoginMachine, ...lastLoginSamples, serializeState: lastLoginState });

describe('the rules of the account screens', () => {
  afterEach(() => vi.useRealTimers());

  it("'Edit' stays disabled until something changed; a refused image says why", () => {
    const actor = createActor(profileMachine, { input: { user: ada } }).start();
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'profile.change', field: 'name', value: ` ${ada.name} ` });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'profile.chooseAvatar', file: huge, preview: 'blob:x' });
    expect(actor.getSnapshot().context.error).toBe(AVATAR_REFUSED);
    expect(actor.getSnapshot().context.avatar).toBeNull();
  });

  it('sends the trimmed profile with the avatar and stores the returned session', async () => {
    const updateProfile = vi.fn(async (_input: unknown) => renamedSession);
    const storeSession = vi.fn();
    const actor = createActor(
      profileMachine.provide({
        actors: { updateProfile: fromPromise(({ input }) => updateProfile(input)) },
        actions: { storeSession: (_, session) => storeSession(session) },
      }),
      { input: { user: ada } },
    ).start();
    actor.send({ type: 'profile.change', field: 'name', value: ' Ada King ' });
    actor.send({ type: 'profile.chooseAvatar', file: png, preview: 'blob:p' });
    actor.send({ type: 'profile.submit' });
    await vi.waitFor(() => expect(storeSession).toHaveBeenCalledWith(renamedSession));
    expect(updateProfile).toHaveBeenCalledWith({ name: 'Ada King', email: ada.email, avatar: png });
    expect(actor.getSnapshot().context).toMatchObject({ saved: { name: 'Ada King' }, avatar: null, preview: null });
  });

  it('a name-only change is sent without proof; an e-mail change asks for the password first', async () => {
    // As the server answers: the name saved, and for a new address a code sent to it (the address waits).
    const updateProfile = vi.fn(async (input: ProfileUpdate): Promise<ProfileSaved> => ({
      user: { ...ada, name: input.name },
      token: 'token-2',
      ...(input.email.toLowerCase() === ada.email
        ? {}
        : { emailChange: { pending: input.email.toLowerCase(), message: 'We have sent a code.' } }),
    }));
    const actor = createActor(
      profileMachine.provide({ actors: { updateProfile: fromPromise(({ input }) => updateProfile(input)) } }),
      { input: { user: { ...ada, hasPassword: true } } },
    ).start();
    actor.send({ type: 'profile.change', field: 'name', value: 'Ada King' });
    // Only the case differs: the server sees the same address, so no proof is asked.
    actor.send({ type: 'profile.change', field: 'email', value: ' ADA@example.com ' });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(updateProfile).toHaveBeenLastCalledWith({ name: 'Ada King', email: 'ADA@example.com', avatar: null });

    actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingPassword' } });
    actor.send({ type: 'profile.confirm' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingPassword' } });
    expect(updateProfile).toHaveBeenCalledTimes(1);
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'correct horse battery' });
    actor.send({ type: 'profile.confirm' });
    expect(actor.getSnapshot().value).toEqual({ confirming: 'saving' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }));
    expect(updateProfile).toHaveBeenLastCalledWith({
      name: 'Ada King',
      email: 'ada@example.org',
      avatar: null,
      currentPassword: 'correct horse battery',
    });
    expect(actor.getSnapshot().context).toMatchObject({
      saved: { email: ada.email },
      pending: { email: 'ada@example.org' },
      notice: 'We have sent a code.',
      currentPassword: '',
    });
  });

  it('a refused password shows in the dialog, which stays open; cancel keeps the form as typed', async () => {
    let attempts = 0;
    const actor = createActor(
      profileMachine.provide({
        actors: {
          updateProfile: fromPromise<Session, ProfileUpdate>(async () => {
            attempts += 1;
            throw new Error('Your current password is incorrect.');
          }),
        },
      }),
      { input: { user: { ...ada, hasPassword: true } } },
    ).start();
    actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    actor.send({ type: 'profile.submit' });
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'wrong' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('Your current password is incorrect.'));
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingPassword' } });
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'wrong again' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(attempts).toBe(2));
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'ada@example.org', currentPassword: '', error: null });
  });

  it('an account without a password sends a code to its current address and proves the change with it', async () => {
    const updateProfile = vi.fn(async (_input: ProfileUpdate) => pendingSession);
    const requestCode = vi.fn(async () => 'We have sent a code to ada@example.com.');
    const actor = createActor(
      profileMachine.provide({
        actors: {
          updateProfile: fromPromise(({ input }) => updateProfile(input)),
          requestEmailChangeCode: fromPromise(() => requestCode()),
        },
      }),
      { input: { user: { ...ada, hasPassword: false } } },
    ).start();
    actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'offeringCode' } });
    expect(requestCode).not.toHaveBeenCalled();
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingCode' } }));
    expect(actor.getSnapshot().context.notice).toBe('We have sent a code to ada@example.com.');
    actor.send({ type: 'profile.changeProof', field: 'code', value: '12345' });
    actor.send({ type: 'profile.confirm' });
    expect(updateProfile).not.toHaveBeenCalled();
    actor.send({ type: 'profile.changeProof', field: 'code', value: ' 123456 ' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }));
    expect(updateProfile).toHaveBeenCalledWith({
      name: ada.name,
      email: 'ada@example.org',
      avatar: null,
      code: '123456',
    });
  });

  it('after a deletion is requested or cancelled the user is read again and handed on', async () => {
    const scheduled: User = { ...ada, deletionScheduledFor: '2026-12-05T09:00:00.000Z' };
    const refreshUser = vi.fn(async () => scheduled);
    const storeUser = vi.fn();
    const announce = vi.fn();
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          requestDeletion: fromPromise(async () => 'Your account will be deleted in 14 days.'),
          cancelDeletion: fromPromise<string>(async () => {
            throw new Error('Network Error');
          }),
          refreshUser: fromPromise(() => refreshUser()),
        },
        actions: { storeUser: (_, user) => storeUser(user), announce: (_, { message }) => announce(message) },
      }),
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(announce).toHaveBeenCalledWith('Your account will be deleted in 14 days.');
    expect(refreshUser).toHaveBeenCalledTimes(1);
    expect(storeUser).toHaveBeenCalledWith(scheduled);

    // A failed cancellation reads nothing again.
    actor.send({ type: 'delete.undo' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(refreshUser).toHaveBeenCalledTimes(1);
  });

  it('forgot password: sends the trimmed e-mail, keeps what the server said, and resets with the trimmed code and its ticket', async () => {
    const requested: Array<{ email: string }> = [];
    const resets: ResetInput[] = [];
    let tickets = 0;
    let failRequest = true;
    let failReset = true;
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise(async ({ input }: { input: { email: string } }) => {
            requested.push(input);
            if (failRequest) throw new Error('Too many attempts.');
            tickets += 1;
            return { message: 'We sent a code.', ticket: `ticket ${tickets}` };
          }),
          resetPassword: fromPromise(async ({ input }: { input: ResetInput }) => {
            resets.push(input);
            if (failReset) throw new Error('This code is not valid.');
            return 'Your password was reset.';
          }),
        },
      }),
    ).start();
    const context = () => actor.getSnapshot().context;
    const change = (field: 'email' | 'code' | 'newPassword', value: string) =>
      actor.send({ type: 'forgot.change', field, value });
    expect(context()).toEqual({
      email: '',
      code: '',
      newPassword: '',
      error: null,
      notice: null,
      ticket: null,
      removeOtherSignIns: false,
    });

    change('email', 'ada@example');
    actor.send({ type: 'forgot.sendCode' });
    expect(actor.getSnapshot().value).toBe('askingEmail');
    change('email', '  ada@example.com  ');
    actor.send({ type: 'forgot.sendCode' });
    await vi.waitFor(() => expect(context().error).toBe('Too many attempts.'));
    expect(actor.getSnapshot().value).toBe('askingEmail');
    change('email', '  ada@example.com  ');
    expect(context().error).toBeNull();
    failRequest = false;
    actor.send({ type: 'forgot.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
    expect(requested).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }]);
    expect(context()).toMatchObject({ notice: 'We sent a code.', ticket: 'ticket 1' });

    const password = 'x'.repeat(PASSWORD_MIN);
    for (const [code, newPassword] of [
      ['12345', password],
      ['1234567', password],
      ['x123456', password],
      ['123456x', password],
      ['123456', ` ${'x'.repeat(PASSWORD_MIN - 1)} `],
      ['123456', 'x'.repeat(PASSWORD_MAX + 1)],
    ]) {
      change('code', code!);
      change('newPassword', newPassword!);
      actor.send({ type: 'forgot.reset' });
      expect(actor.getSnapshot().value, `${code} / ${newPassword!.length}`).toBe('enteringCode');
    }
    change('code', ' 123456 ');
    change('newPassword', ` ${'x'.repeat(PASSWORD_MAX - 2)} `);
    actor.send({ type: 'forgot.reset' });
    await vi.waitFor(() => expect(context().error).toBe('This code is not valid.'));
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(resets).toEqual([
      {
        email: 'ada@example.com',
        code: '123456',
        newPassword: ` ${'x'.repeat(PASSWORD_MAX - 2)} `,
        ticket: 'ticket 1',
        removeOtherSignIns: false,
      },
    ]);

    // Another address: the code typed for the old one goes, and so does what the server said.
    actor.send({ type: 'forgot.changeEmail' });
    expect(actor.getSnapshot().value).toBe('askingEmail');
    expect(context()).toMatchObject({ code: '', notice: null, ticket: null, email: '  ada@example.com  ' });
    actor.send({ type: 'forgot.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('enteringCode'));
    change('code', '654321');
    change('newPassword', password);
    // The new request's ticket goes with the code, and the choice to end the other ways in.
    actor.send({ type: 'forgot.toggleRemoveOthers' });
    actor.send({ type: 'forgot.toggleRemoveOthers' });
    actor.send({ type: 'forgot.toggleRemoveOthers' });
    failReset = false;
    actor.send({ type: 'forgot.reset' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(resets.at(-1)).toMatchObject({ code: '654321', ticket: 'ticket 2', removeOtherSignIns: true });
    expect(context()).toMatchObject({ notice: 'Your password was reset.', newPassword: '' });
  });

  it('change password: sends the three fields as typed, stores the new session, clears the form and says so', async () => {
    const sent: unknown[] = [];
    const stored: Session[] = [];
    const announced = vi.fn();
    let fail = true;
    const actor = createActor(
      changePasswordMachine.provide({
        actors: {
          changePassword: fromPromise(async ({ input }: { input: Record<PasswordField, string> }) => {
            sent.push(input);
            if (fail) throw new Error('Your current password is incorrect.');
            return adaSession;
          }),
        },
        actions: { storeSession: (_, session: Session) => void stored.push(session), announceChanged: announced },
      }),
    ).start();
    const context = () => actor.getSnapshot().context;
    const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };
    expect(context()).toEqual({
      values: empty,
      visible: { oldPassword: false, newPassword: false, confirmPassword: false },
      error: null,
    });
    actor.send({ type: 'password.toggleVisibility', field: 'newPassword' });
    expect(context().visible).toEqual({ oldPassword: false, newPassword: true, confirmPassword: false });
    actor.send({ type: 'password.toggleVisibility', field: 'newPassword' });
    expect(context().visible.newPassword).toBe(false);

    const typed = { oldPassword: ' old secret ', newPassword: 'x'.repeat(PASSWORD_MAX), confirmPassword: '12345678' };
    for (const [field, value] of Object.entries(typed)) {
      actor.send({ type: 'password.change', field: field as keyof typeof typed, value });
    }
    expect(context().values).toEqual(typed);
    // Every field must be filled, not just one of them.
    actor.send({ type: 'password.change', field: 'confirmPassword', value: '' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'password.change', field: 'confirmPassword', value: typed.confirmPassword });
    actor.send({ type: 'password.submit' });
    await vi.waitFor(() => expect(context().error).toBe('Your current password is incorrect.'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().values).toEqual(typed);
    expect(stored).toEqual([]);

    fail = false;
    actor.send({ type: 'password.submit' });
    expect(context().error).toBeNull();
    await vi.waitFor(() => expect(stored).toEqual([adaSession]));
    expect(sent).toEqual([typed, typed]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().values).toEqual(empty);
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it('verify e-mail: six digits, trimmed, and the verified user is stored; errors show and typing clears them', async () => {
    const confirmed: unknown[] = [];
    const stored: User[] = [];
    let sendFails = true;
    let confirmFails = true;
    const verified = { ...ada, emailVerified: true };
    const actor = createActor(
      verifyEmailMachine.provide({
        actors: {
          sendCode: fromPromise(async () => {
            if (sendFails) throw new Error('Network Error');
          }),
          confirmCode: fromPromise(async ({ input }: { input: { code: string } }) => {
            confirmed.push(input);
            if (confirmFails) throw new Error('This code is not valid.');
            return verified;
          }),
        },
        actions: { storeUser: (_, user: User) => void stored.push(user) },
      }),
    ).start();
    const context = () => actor.getSnapshot().context;
    expect(context()).toEqual({ code: '', error: null });
    actor.send({ type: 'verify.start' });
    await vi.waitFor(() => expect(context().error).toBe('Network Error'));
    expect(actor.getSnapshot().value).toBe('idle');
    sendFails = false;
    actor.send({ type: 'verify.start' });
    expect(context().error).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));

    for (const code of ['12345', '1234567', 'a123456', '123456a']) {
      actor.send({ type: 'verify.change', code });
      actor.send({ type: 'verify.submit' });
      expect(actor.getSnapshot().value, code).toBe('awaitingCode');
    }
    actor.send({ type: 'verify.change', code: ' 123456 ' });
    actor.send({ type: 'verify.submit' });
    await vi.waitFor(() => expect(context().error).toBe('This code is not valid.'));
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(context().code).toBe(' 123456 ');
    actor.send({ type: 'verify.change', code: '654321' });
    expect(context()).toEqual({ code: '654321', error: null });

    actor.send({ type: 'verify.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toEqual({ code: '', error: null });
    actor.send({ type: 'verify.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));
    actor.send({ type: 'verify.change', code: '111111' });
    actor.send({ type: 'verify.resend' });
    expect(context().code).toBe('');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('awaitingCode'));
    confirmFails = false;
    actor.send({ type: 'verify.change', code: '222222' });
    actor.send({ type: 'verify.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(confirmed).toEqual([{ code: '123456' }, { code: '222222' }]);
    expect(stored).toEqual([verified]);
  });

  it('Apply needs every trimmed password to be 8 to 128 characters', () => {
    const actor = createActor(changePasswordMachine).start();
    const fill = (value: string) => {
      for (const field of ['oldPassword', 'newPassword', 'confirmPassword'] as const)
        actor.send({ type: 'password.change', field, value });
    };
    fill('  1234567  ');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    fill('x'.repeat(129));
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    fill('12345678');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('the counter shows the two largest non-zero units and ticks every second', () => {
    expect(formatSince(0)).toBe('0 secs');
    expect(formatSince(1000)).toBe('1 sec');
    expect(formatSince(61_000)).toBe('1 min 1 sec');
    expect(formatSince(3_600_000 + 5_000)).toBe('1 hour 5 secs');
    expect(formatSince(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2 days 3 hours');
    expect(formatSince(86_400_000 + 59_000)).toBe('1 day 59 secs');

    vi.useFakeTimers({ now: Date.parse('2026-11-21T09:00:00.000Z') });
    const actor = createActor(lastLoginMachine, {
      input: { since: '2026-11-21T08:59:00.000Z', now: Date.now() },
    }).start();
    const shown = () => formatSince(actor.getSnapshot().context.now - actor.getSnapshot().context.since!);
    expect(shown()).toBe('1 min');
    vi.advanceTimersByTime(999);
    expect(shown()).toBe('1 min');
    vi.advanceTimersByTime(1);
    expect(shown()).toBe('1 min 1 sec');
    vi.advanceTimersByTime(4000);
    expect(shown()).toBe('1 min 5 secs');
  });
});
