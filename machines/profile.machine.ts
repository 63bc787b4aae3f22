/**
 * The Profile page's form (SPEC 2, 4, 5, 8): editable name and e-mail and a new avatar with a preview;
 * 'Edit' is disabled until something changed; failure shows red text above the button; success stores
 * the returned user and token.
 */
import { assign, fromPromise, setup } from 'xstate';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../src/api/contract';
import { errorMessage } from './lib/errorMessage';
import type { Session, User } from './lib/types';

export const AVATAR_REFUSED = 'Choose a PNG, JPEG, WebP or GIF image of at most 2 MB.';

export interface ProfileUpdate {
  name: string;
  email: string;
  avatar: Blob | null;
}

export type ProfileEvent =
  | { type: 'profile.change'; field: 'name' | 'email'; value: string }
  | { type: 'profile.chooseAvatar'; file: Blob; preview: string }
  | { type: 'profile.submit' };

interface ProfileContext {
  saved: { name: string; email: string };
  name: string;
  email: string;
  avatar: Blob | null;
  preview: string | null;
  error: string | null;
}

function fromUser(user: Pick<User, 'name' | 'email'>): ProfileContext {
  return {
    saved: { name: user.name, email: user.email },
    name: user.name,
    email: user.email,
    avatar: null,
    preview: null,
    error: null,
  };
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { user: Pick<User, 'name' | 'email'> },
  },
  actors: {
    updateProfile: fromPromise<Session, ProfileUpdate>(async () => {
      throw new Error('updateProfile is not provided');
    }),
  },
  actions: {
    storeSession: (_, _session: Session) => {},
    announceSaved: () => {},
    /** Frees the object URL of a preview that is no longer shown. */
    releasePreview: (_, _params: { preview: string | null }) => {},
  },
  guards: {
    changed: ({ context }) =>
      context.avatar !== null ||
      context.name.trim() !== context.saved.name ||
      context.email.trim() !== context.saved.email,
    acceptableImage: ({ event }) =>
      event.type === 'profile.chooseAvatar' &&
      (AVATAR_TYPES as readonly string[]).includes(event.file.type) &&
      event.file.size <= AVATAR_MAX_BYTES,
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
        'profile.submit': { guard: 'changed', target: 'saving', actions: assign({ error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => ({ name: context.name.trim(), email: context.email.trim(), avatar: context.avatar }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'storeSession', params: ({ event }) => event.output },
            { type: 'releasePreview', params: ({ context }) => ({ preview: context.preview }) },
            assign(({ event }) => fromUser(event.output.user)),
            'announceSaved',
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
