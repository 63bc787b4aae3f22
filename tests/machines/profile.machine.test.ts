/**
 * What the Profile form computes: its starting context, the edges of its guards, the texts it shows, the
 * updates it sends and the actions it takes on the way, and its path tests (the shape). The machine is imported
 * before each of the first tests: a machine that cannot be built then fails them instead of this file's
 * collection, which the mutation runner would not count as a failure.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type * as ProfileModule from '#machines/profile.machine';
import {
  AVATAR_REFUSED,
  type ChosenFile,
  type NewAddressCode,
  type ProfileSaved,
  type ProfileUpdate,
  profileMachine,
} from '#machines/profile.machine';
import type { Session, User } from '#domain/types';
import { AVATAR_MAX_BYTES, PASSWORD_MAX } from '#domain/contract';
import { ada, movedSession, renamedSession } from './fixtures';
import { pendingSession, profileSamples, profileState } from './accountSamples';
import { describePathTests } from './pathTest';

let profile: typeof ProfileModule;
beforeEach(async () => {
  profile = await import('#machines/profile.machine');
});

const png: ChosenFile = { type: 'image/png', size: 100 };
const sent = 'We have sent a code to ada@example.com.';
const resent = 'We have sent a code to ada@example.org. Enter it to finish changing your e-mail address.';

/** A profile actor whose update and code request are the given stubs; it records the actions it takes. */
function start(
  user: Pick<User, 'name' | 'email' | 'hasPassword'>,
  stubs: {
    update?: (input: ProfileUpdate) => Promise<ProfileSaved>;
    requestCode?: () => Promise<string>;
    confirmCode?: (input: NewAddressCode) => Promise<Session>;
    resendCode?: () => Promise<string>;
  } = {},
) {
  const update = vi.fn(stubs.update ?? (async () => renamedSession));
  const requestCode = vi.fn(stubs.requestCode ?? (async () => sent));
  const confirmCode = vi.fn(stubs.confirmCode ?? (async () => movedSession));
  const resendCode = vi.fn(stubs.resendCode ?? (async () => resent));
  const stored: Session[] = [];
  const released: (string | null)[] = [];
  let announced = 0;
  const actor = createActor(
    profile.profileMachine.provide({
      actors: {
        updateProfile: fromPromise<ProfileSaved, ProfileUpdate>(({ input }) => update(input)),
        requestEmailChangeCode: fromPromise<string>(() => requestCode()),
        confirmEmailChange: fromPromise<Session, NewAddressCode>(({ input }) => confirmCode(input)),
        resendEmailChangeCode: fromPromise<string>(() => resendCode()),
      },
      actions: {
        storeSession: (_, session) => stored.push(session),
        releasePreview: (_, { preview }) => released.push(preview),
        announceSaved: () => (announced += 1),
      },
    }),
    { input: { user } },
  ).start();
  return { actor, update, requestCode, confirmCode, resendCode, stored, released, announced: () => announced };
}

/** A server answer that does not say where the code went. */
const adaSessionOnly: Session = { user: ada, token: 'token-1' };

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('profile: the form', () => {
  it('starts from the user, with no proof, no picture and no error', () => {
    const { actor } = start({ name: 'Ada Lovelace', email: 'ada@example.com', hasPassword: false });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({
      saved: { name: 'Ada Lovelace', email: 'ada@example.com' },
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      avatar: null,
      preview: null,
      hasPassword: false,
      currentPassword: '',
      passwordVisible: false,
      code: '',
      notice: null,
      pending: null,
      error: null,
    });
  });

  it('takes a user without the hasPassword field as one with a password', () => {
    const { actor } = start({ name: ada.name, email: ada.email });
    expect(actor.getSnapshot().context.hasPassword).toBe(true);
  });

  it('a new picture alone is a change; the old preview is released when another is chosen', async () => {
    const { actor, update, released } = start(ada);
    actor.send({ type: 'profile.chooseAvatar', file: png, preview: 'blob:1' });
    actor.send({ type: 'profile.chooseAvatar', file: png, preview: 'blob:2' });
    expect(released).toEqual([null, 'blob:1']);
    expect(actor.getSnapshot().context).toMatchObject({ avatar: png, preview: 'blob:2', error: null });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(update).toHaveBeenCalledWith({ name: ada.name, email: ada.email, avatar: png });
    // The saved form shows the stored picture: the preview of the one sent is released.
    expect(released).toEqual([null, 'blob:1', 'blob:2']);
  });

  it('a picture of exactly 2 MB is taken; one byte more is refused with its own preview released', () => {
    const { actor, released } = start(ada);
    actor.send({
      type: 'profile.chooseAvatar',
      file: { type: 'image/gif', size: AVATAR_MAX_BYTES },
      preview: 'blob:a',
    });
    expect(actor.getSnapshot().context).toMatchObject({ preview: 'blob:a', error: null });
    const tooBig = { type: 'image/png', size: AVATAR_MAX_BYTES + 1 };
    actor.send({ type: 'profile.chooseAvatar', file: tooBig, preview: 'blob:b' });
    expect(actor.getSnapshot().context).toMatchObject({
      avatar: { type: 'image/gif', size: AVATAR_MAX_BYTES },
      preview: 'blob:a',
      error: 'Choose a PNG, JPEG, WebP or GIF image of at most 2 MB.',
    });
    expect(released).toEqual([null, 'blob:b']);
  });

  it('compares the saved address as the server does: trimmed, in any case', () => {
    const { actor } = start({ name: ada.name, email: ' Ada@Example.com ', hasPassword: true });
    actor.send({ type: 'profile.change', field: 'name', value: 'Ada King' });
    actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('submitting clears an earlier error, and a failed update shows its text above the button', async () => {
    const { actor, stored, announced } = start(ada, {
      update: async () => {
        throw new Error('The name is too long.');
      },
    });
    actor.send({ type: 'profile.change', field: 'name', value: 'Ada King' });
    actor.send({ type: 'profile.chooseAvatar', file: { type: 'text/plain', size: 1 }, preview: 'blob:t' });
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['updateProfile']);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Ada King', error: 'The name is too long.' });
    expect(stored).toEqual([]);
    expect(announced()).toBe(0);
  });

  it('a saved change stores the session, announces it once and starts again from the returned user', async () => {
    const { actor, stored, announced } = start(ada);
    actor.send({ type: 'profile.change', field: 'name', value: 'Ada King' });
    actor.send({ type: 'profile.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(stored).toEqual([renamedSession]);
    expect(announced()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ saved: { name: 'Ada King', email: ada.email } });
  });
});

describe('profile: an e-mail change proved with the password', () => {
  function toDialog(update?: (input: ProfileUpdate) => Promise<Session>) {
    const started = start({ ...ada, hasPassword: true }, { update });
    started.actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    started.actor.send({ type: 'profile.submit' });
    return started;
  }

  it('the password shows and hides again', () => {
    const { actor } = toDialog();
    actor.send({ type: 'profile.toggleVisibility' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(true);
    actor.send({ type: 'profile.toggleVisibility' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(false);
  });

  it('takes a password of 1 to PASSWORD_MAX characters', () => {
    const { actor, update } = toDialog(() => new Promise(() => {}));
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'x'.repeat(PASSWORD_MAX + 1) });
    actor.send({ type: 'profile.confirm' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingPassword' } });
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'x'.repeat(PASSWORD_MAX) });
    actor.send({ type: 'profile.confirm' });
    expect(actor.getSnapshot().value).toEqual({ confirming: 'saving' });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['updateProfileWithProof']);
    expect(update).toHaveBeenCalledTimes(1);

    const short = toDialog(() => new Promise(() => {}));
    short.actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'x' });
    short.actor.send({ type: 'profile.confirm' });
    expect(short.actor.getSnapshot().value).toEqual({ confirming: 'saving' });
  });

  it('an answer that names no waiting address waits for the code at the address typed, trimmed', async () => {
    const { emailChange: _named, ...unnamed } = pendingSession;
    const { actor } = start({ ...ada, hasPassword: true }, { update: async () => unnamed });
    actor.send({ type: 'profile.change', field: 'email', value: ' ada@example.org ' });
    actor.send({ type: 'profile.submit' });
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'correct horse battery' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }));
    expect(actor.getSnapshot().context).toMatchObject({ notice: null, pending: { email: 'ada@example.org' } });
  });

  it('a proved change waits for the new address’s code; then stores the session, releases the preview, announces', async () => {
    const { actor, update, confirmCode, stored, released, announced } = start(
      { ...ada, hasPassword: true },
      { update: async () => pendingSession },
    );
    actor.send({ type: 'profile.chooseAvatar', file: png, preview: 'blob:p' });
    actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    actor.send({ type: 'profile.submit' });
    actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'correct horse battery' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }));
    expect(update).toHaveBeenCalledWith({
      name: ada.name,
      email: 'ada@example.org',
      avatar: png,
      currentPassword: 'correct horse battery',
    });
    // The password is forgotten once sent; nothing is stored or announced before the address changed.
    expect(actor.getSnapshot().context).toMatchObject({
      currentPassword: '',
      notice: pendingSession.emailChange!.message,
    });
    expect(stored).toEqual([]);
    expect(announced()).toBe(0);
    actor.send({ type: 'profile.changeProof', field: 'code', value: ' 123456 ' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(confirmCode).toHaveBeenCalledWith({ email: 'ada@example.org', code: '123456' });
    expect(stored).toEqual([movedSession]);
    expect(released).toEqual([null, 'blob:p']);
    expect(announced()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ saved: { email: 'ada@example.org' }, pending: null });
  });
});

describe('profile: an e-mail change proved with a code', () => {
  function toDialog(stubs: Parameters<typeof start>[1]) {
    const started = start({ ...ada, hasPassword: false }, stubs);
    started.actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    started.actor.send({ type: 'profile.submit' });
    return started;
  }

  it('a first request that fails offers to send the code again, with the reason', async () => {
    const { actor } = toDialog({
      requestCode: async () => {
        throw new Error('Too many codes were requested.');
      },
    });
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'offeringCode' } }));
    expect(actor.getSnapshot().context).toMatchObject({ notice: null, error: 'Too many codes were requested.' });
  });

  it('sending again clears the typed code; a failed resend keeps the code field with the reason', async () => {
    let calls = 0;
    const { actor } = toDialog({
      requestCode: async () => {
        calls += 1;
        if (calls > 1) throw new Error('Wait a minute before asking again.');
        return sent;
      },
    });
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingCode' } }));
    actor.send({ type: 'profile.changeProof', field: 'code', value: '123' });
    actor.send({ type: 'profile.sendCode' });
    await settled();
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingCode' } });
    expect(actor.getSnapshot().context).toMatchObject({
      notice: sent,
      code: '123',
      error: 'Wait a minute before asking again.',
    });
  });

  it('a resend that succeeds clears the code typed before', async () => {
    const { actor } = toDialog({});
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingCode' } }));
    actor.send({ type: 'profile.changeProof', field: 'code', value: '123' });
    actor.send({ type: 'profile.sendCode' });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ notice: sent, code: '', error: null });
  });

  it('a refused code shows the reason beside the code field; a proved change is stored and announced', async () => {
    let attempts = 0;
    const { actor, stored, announced } = toDialog({
      update: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('The code is not valid.');
        return pendingSession;
      },
    });
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingCode' } }));
    actor.send({ type: 'profile.changeProof', field: 'code', value: '654321' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('The code is not valid.'));
    expect(actor.getSnapshot().value).toEqual({ confirming: { proving: 'awaitingCode' } });
    actor.send({ type: 'profile.changeProof', field: 'code', value: '123456' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }));
    // The code sent to the new address is another: the field starts empty.
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: null });
    actor.send({ type: 'profile.changeProof', field: 'code', value: '654321' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(stored).toEqual([movedSession]);
    expect(announced()).toBe(1);
  });
});

describe('profile: the code sent to the new address', () => {
  async function toNewAddress(stubs: Parameters<typeof start>[1] = {}) {
    const started = start({ ...ada, hasPassword: true }, { update: async () => pendingSession, ...stubs });
    started.actor.send({ type: 'profile.chooseAvatar', file: png, preview: 'blob:n' });
    started.actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    started.actor.send({ type: 'profile.submit' });
    started.actor.send({ type: 'profile.changeProof', field: 'currentPassword', value: 'correct horse battery' });
    started.actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() =>
      expect(started.actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }),
    );
    return started;
  }

  it('takes a code of six digits only', async () => {
    const { actor, confirmCode } = await toNewAddress({ confirmCode: () => new Promise(() => {}) });
    expect(actor.getSnapshot().can({ type: 'profile.confirm' })).toBe(false);
    actor.send({ type: 'profile.changeProof', field: 'code', value: '12345' });
    actor.send({ type: 'profile.confirm' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } });
    actor.send({ type: 'profile.changeProof', field: 'code', value: '123456' });
    actor.send({ type: 'profile.confirm' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'checking' } });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['confirmEmailChange']);
    // Out: it cannot be cancelled halfway (the server may be changing the address and ending this session).
    expect(actor.getSnapshot().can({ type: 'profile.cancel' })).toBe(false);
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'checking' } });
    expect(confirmCode).toHaveBeenCalledTimes(1);
  });

  it('a wrong code shows the server’s text in the dialog and can be tried again', async () => {
    let tries = 0;
    const { actor, stored } = await toNewAddress({
      confirmCode: async () => {
        tries += 1;
        if (tries === 1) throw new Error('This code is not valid or has expired.');
        return movedSession;
      },
    });
    actor.send({ type: 'profile.changeProof', field: 'code', value: '000000' });
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('This code is not valid or has expired.'));
    expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } });
    // Typing clears the error.
    actor.send({ type: 'profile.changeProof', field: 'code', value: '123456' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'profile.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(stored).toEqual([movedSession]);
  });

  it('sends again: a new message and an empty field; a refused resend says why and keeps the code', async () => {
    let calls = 0;
    const { actor, resendCode } = await toNewAddress({
      resendCode: async () => {
        calls += 1;
        if (calls > 1) throw new Error('Too many requests. Please try again later.');
        return 'We have sent a new code.';
      },
    });
    actor.send({ type: 'profile.changeProof', field: 'code', value: '111' });
    actor.send({ type: 'profile.sendCode' });
    expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'resending' } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { newAddress: 'awaitingCode' } }));
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'We have sent a new code.', code: '', error: null });
    actor.send({ type: 'profile.changeProof', field: 'code', value: '222' });
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.error).toBe('Too many requests. Please try again later.'),
    );
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'We have sent a new code.', code: '222' });
    expect(resendCode).toHaveBeenCalledTimes(2);
  });

  it('cancel keeps the old address: the saved name and picture are stored, the form returns to them', async () => {
    const renamedPending: ProfileSaved = { ...pendingSession, user: { ...ada, name: 'Ada King' } };
    const { actor, stored, released, announced, confirmCode } = await toNewAddress({
      update: async () => renamedPending,
    });
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(stored).toEqual([renamedPending]);
    expect(released).toEqual([null, 'blob:n']);
    expect(announced()).toBe(0);
    expect(confirmCode).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({
      saved: { name: 'Ada King', email: ada.email },
      name: 'Ada King',
      email: ada.email,
      avatar: null,
      preview: null,
      pending: null,
      notice: null,
    });
  });

  it('an answer without the pending address waits for the address that was typed', async () => {
    const { actor } = await toNewAddress({ update: async () => adaSessionOnly });
    expect(actor.getSnapshot().context.pending?.email).toBe('ada@example.org');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('profile: without its actors provided', () => {
  it('the error names the missing actor', async () => {
    const actor = createActor(profile.profileMachine, { input: { user: { ...ada, hasPassword: false } } }).start();
    actor.send({ type: 'profile.change', field: 'email', value: 'ada@example.org' });
    actor.send({ type: 'profile.submit' });
    actor.send({ type: 'profile.sendCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('requestEmailChangeCode is not provided'));
    actor.send({ type: 'profile.cancel' });
    actor.send({ type: 'profile.change', field: 'email', value: ada.email });
    actor.send({ type: 'profile.change', field: 'name', value: 'Ada King' });
    actor.send({ type: 'profile.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('updateProfile is not provided'));
  });
});

describePathTests({ machine: profileMachine, ...profileSamples, serializeState: profileState });

describe('profile: the rules of the screen', () => {
  const pngBlob = new Blob([new Uint8Array(100)], { type: 'image/png' });
  const huge = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' });

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
    actor.send({ type: 'profile.chooseAvatar', file: pngBlob, preview: 'blob:p' });
    actor.send({ type: 'profile.submit' });
    await vi.waitFor(() => expect(storeSession).toHaveBeenCalledWith(renamedSession));
    expect(updateProfile).toHaveBeenCalledWith({ name: 'Ada King', email: ada.email, avatar: pngBlob });
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
});
