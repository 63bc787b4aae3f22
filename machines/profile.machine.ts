/**
 * The Profile page's form (docs/product.md#screens, #validation, #errors): editable name and e-mail and a
 * new avatar with a preview; 'Edit' is disabled until something changed; failure shows red text above the
 * button; success stores the returned user and token.
 *
 * A new e-mail address needs proof that the customer owns the account (the address is where password
 * reset codes go). Submitting one opens a dialog (`confirming`): an account with a password enters it;
 * one without (Google sign-in only) asks for a code sent to its CURRENT address and enters that. The
 * update is then sent with the proof; a refused proof shows the server's text in the dialog, where the
 * customer can try again or cancel (the form stays as typed). A name or picture change needs no proof.
 *
 * The proof does not move the address: the server saves the name and picture and mails a code to the NEW
 * address (an address nobody proved must never become the account's, docs/product.md#accounts). The dialog
 * stays open (`confirming.newAddress`) for that code: 'Confirm' sends it and, once the address is changed,
 * stores the new session; 'Send again' asks for a fresh code; 'Cancel' keeps the old address, and the form
 * returns to what the server holds.
 */
import { is } from 'superstruct';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, Code, PASSWORD_MAX } from '#domain/contract';
import type { Session, User } from '#domain/types';
import type { ChosenFile } from './lib/chosenFile';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

export const AVATAR_REFUSED = 'Choose a PNG, JPEG, WebP or GIF image of at most 2 MB.';

export type { ChosenFile };

/** What a profile update answers: the session, and, for a new address, the code that went to it. */
export interface ProfileSaved extends Session {
  /** The address stays as it was until the code sent to `pending` comes back; `message` says so. */
  emailChange?: { pending: string; message: string };
}

/** The code sent to the new address, with that address. */
export interface NewAddressCode {
  email: string;
  code: string;
}

export interface ProfileUpdate {
  name: string;
  email: string;
  avatar: ChosenFile | null;
  /** The account's password, when it proves an e-mail change. */
  currentPassword?: string;
  /** The code sent to the current address, when it proves an e-mail change (accounts without a password). */
  code?: string;
}

/** The dialog's one input: the password, or the code. */
export type ProofField = 'currentPassword' | 'code';

export type ProfileEvent =
  | { type: 'profile.change'; field: 'name' | 'email'; value: string }
  | { type: 'profile.chooseAvatar'; file: ChosenFile; preview: string }
  | { type: 'profile.submit' }
  | { type: 'profile.changeProof'; field: ProofField; value: string }
  | { type: 'profile.toggleVisibility' }
  | { type: 'profile.sendCode' }
  | { type: 'profile.confirm' }
  | { type: 'profile.cancel' };

interface ProfileContext {
  saved: { name: string; email: string };
  name: string;
  email: string;
  avatar: ChosenFile | null;
  preview: string | null;
  /** False for an account that signs in only with Google: it proves an e-mail change with a code. */
  hasPassword: boolean;
  currentPassword: string;
  passwordVisible: boolean;
  code: string;
  /** What the server said when it sent the code (null: no code sent yet in this dialog). */
  notice: string | null;
  /** The new address waiting for its code, and the session the update answered (stored on 'Cancel'). */
  pending: { email: string; session: Session } | null;
  /** Shown in the dialog while it is open, above 'Edit' otherwise. */
  error: string | null;
}

type ProfileUser = Pick<User, 'name' | 'email' | 'hasPassword'>;

const noProof = {
  currentPassword: '',
  passwordVisible: false,
  code: '',
  notice: null,
  pending: null,
  error: null,
} as const;

function fromUser(user: ProfileUser): ProfileContext {
  return {
    saved: { name: user.name, email: user.email },
    name: user.name,
    email: user.email,
    avatar: null,
    preview: null,
    // An answer without the field comes from a server that asks no proof: the password path is harmless.
    hasPassword: user.hasPassword ?? true,
    ...noProof,
  };
}

/** The address differs from the saved one as the server compares them (trimmed, any case). */
export function emailChanged(context: Pick<ProfileContext, 'email' | 'saved'>): boolean {
  return context.email.trim().toLowerCase() !== context.saved.email.trim().toLowerCase();
}

const updateInput = (context: ProfileContext): ProfileUpdate => ({
  name: context.name.trim(),
  email: context.email.trim(),
  avatar: context.avatar,
});

export const profileMachine = setup({
  types: {} as {
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'saving' | 'dialogOpen' | 'requestingCode' | 'newAddress' | 'checking' | 'resending';
    context: ProfileContext;
    events: ProfileEvent;
    input: { user: ProfileUser };
  },
  actors: {
    updateProfile: fromPromise<ProfileSaved, ProfileUpdate>(async () => {
      throw new Error('updateProfile is not provided');
    }),
    /** Sends the code the new address got; answers the session the changed address starts. */
    confirmEmailChange: fromPromise<Session, NewAddressCode>(async () => {
      throw new Error('confirmEmailChange is not provided');
    }),
    /** Asks the server for a fresh code to the new address; answers the server's message. */
    resendEmailChangeCode: fromPromise<string>(async () => {
      throw new Error('resendEmailChangeCode is not provided');
    }),
    /** Asks the server to e-mail a code to the current address; answers the server's message. */
    requestEmailChangeCode: fromPromise<string>(async () => {
      throw new Error('requestEmailChangeCode is not provided');
    }),
  },
  actions: {
    assignError: assignError<ProfileContext, ProfileEvent>(),
    storeSession: providedByView<Session>(),
    announceSaved: providedByView(),
    /** Frees the object URL of a preview that is no longer shown. */
    releasePreview: providedByView<{ preview: string | null }>(),
  },
  guards: {
    changed: ({ context }) =>
      context.avatar !== null || context.name.trim() !== context.saved.name || emailChanged(context),
    emailChanged: ({ context }) => emailChanged(context),
    emailChangedWithPassword: ({ context }) => emailChanged(context) && context.hasPassword,
    hasPassword: ({ context }) => context.hasPassword,
    passwordGiven: ({ context }) =>
      context.currentPassword.length >= 1 && context.currentPassword.length <= PASSWORD_MAX,
    codeGiven: ({ context }) => is(context.code.trim(), Code),
    codeSent: ({ context }) => context.notice !== null,
    acceptableImage: ({ event }) => {
      assertEvent(event, 'profile.chooseAvatar');
      return (AVATAR_TYPES as readonly string[]).includes(event.file.type) && event.file.size <= AVATAR_MAX_BYTES;
    },
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => fromUser(input.user),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'profile.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        'profile.chooseAvatar': [
          {
            guard: 'acceptableImage',
            actions: [
              { type: 'releasePreview', params: ({ context }) => ({ preview: context.preview }) },
              assign(({ event }) => ({ avatar: event.file, preview: event.preview, error: null })),
            ],
          },
          {
            actions: [
              { type: 'releasePreview', params: ({ event }) => ({ preview: event.preview }) },
              assign({ error: AVATAR_REFUSED }),
            ],
          },
        ],
        'profile.submit': [
          {
            guard: 'emailChangedWithPassword',
            target: 'confirming.proving.awaitingPassword',
            actions: assign(noProof),
          },
          { guard: 'emailChanged', target: 'confirming.proving.offeringCode', actions: assign(noProof) },
          { guard: 'changed', target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => updateInput(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'storeSession', params: ({ event }) => event.output },
            { type: 'releasePreview', params: ({ context }) => ({ preview: context.preview }) },
            assign(({ event }) => fromUser(event.output.user)),
            'announceSaved',
          ],
        },
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
    /** The dialog that asks for proof of an e-mail change is open. */
    confirming: {
      tags: ['dialogOpen'],
      initial: 'proving',
      states: {
        /** The customer's turn: give the proof, or cancel (the form stays as typed). */
        proving: {
          initial: 'awaitingPassword',
          on: { 'profile.cancel': { target: '#profile.editing', actions: assign(noProof) } },
          states: {
            awaitingPassword: {
              on: {
                'profile.changeProof': {
                  actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
                },
                'profile.toggleVisibility': {
                  actions: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
                },
                'profile.confirm': { guard: 'passwordGiven', target: '#profile.confirming.saving' },
              },
            },
            /** No password: a code must be sent to the current address first. */
            offeringCode: {
              on: { 'profile.sendCode': 'requestingCode' },
            },
            requestingCode: {
              tags: ['requestingCode'],
              invoke: {
                id: 'requestEmailChangeCode',
                src: 'requestEmailChangeCode',
                onDone: {
                  target: 'awaitingCode',
                  actions: assign({ notice: ({ event }) => event.output, code: '', error: null }),
                },
                onError: [
                  {
                    guard: 'codeSent',
                    target: 'awaitingCode',
                    actions: 'assignError',
                  },
                  { target: 'offeringCode', actions: 'assignError' },
                ],
              },
            },
            awaitingCode: {
              on: {
                'profile.changeProof': {
                  actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
                },
                'profile.sendCode': 'requestingCode',
                'profile.confirm': { guard: 'codeGiven', target: '#profile.confirming.saving' },
              },
            },
          },
        },
        /** The update is out with its proof; it cannot be cancelled halfway. */
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'updateProfileWithProof',
            src: 'updateProfile',
            input: ({ context }) =>
              context.hasPassword
                ? { ...updateInput(context), currentPassword: context.currentPassword }
                : { ...updateInput(context), code: context.code.trim() },
            // The name and picture are saved, and the new address waits for the code the server sent it (this
            // server always says so). Nothing is stored yet (a stored session remounts the page); 'Cancel' stores it.
            onDone: {
              target: 'newAddress',
              actions: assign(({ context, event }) => ({
                ...noProof,
                notice: event.output.emailChange?.message ?? null,
                pending: { email: event.output.emailChange?.pending ?? context.email.trim(), session: event.output },
              })),
            },
            onError: [
              {
                guard: 'hasPassword',
                target: 'proving.awaitingPassword',
                actions: 'assignError',
              },
              { target: 'proving.awaitingCode', actions: 'assignError' },
            ],
          },
        },
        /** A code went to the new address; the address changes once it comes back. */
        newAddress: {
          tags: ['newAddress'],
          initial: 'awaitingCode',
          states: {
            awaitingCode: {
              on: {
                'profile.changeProof': {
                  actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
                },
                'profile.confirm': { guard: 'codeGiven', target: 'checking' },
                'profile.sendCode': 'resending',
                // Only here: once the code is out, the server may change the address (and end this session).
                'profile.cancel': {
                  target: '#profile.editing',
                  actions: [
                    { type: 'storeSession', params: ({ context }) => context.pending!.session },
                    { type: 'releasePreview', params: ({ context }) => ({ preview: context.preview }) },
                    // The saved name and picture; whether the account has a password is not the update's to change.
                    assign(({ context }) => ({
                      ...fromUser(context.pending!.session.user),
                      hasPassword: context.hasPassword,
                    })),
                  ],
                },
              },
            },
            checking: {
              tags: ['checking'],
              invoke: {
                id: 'confirmEmailChange',
                src: 'confirmEmailChange',
                input: ({ context }) => ({ email: context.pending!.email, code: context.code.trim() }),
                onDone: {
                  target: '#profile.editing',
                  actions: [
                    { type: 'storeSession', params: ({ event }) => event.output },
                    { type: 'releasePreview', params: ({ context }) => ({ preview: context.preview }) },
                    assign(({ event }) => fromUser(event.output.user)),
                    'announceSaved',
                  ],
                },
                onError: {
                  target: 'awaitingCode',
                  actions: 'assignError',
                },
              },
            },
            resending: {
              tags: ['resending'],
              invoke: {
                id: 'resendEmailChangeCode',
                src: 'resendEmailChangeCode',
                onDone: {
                  target: 'awaitingCode',
                  actions: assign({ notice: ({ event }) => event.output, code: '', error: null }),
                },
                onError: {
                  target: 'awaitingCode',
                  actions: 'assignError',
                },
              },
            },
          },
        },
      },
    },
  },
});
