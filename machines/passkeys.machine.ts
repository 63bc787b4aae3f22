/**
 * The passkeys block of the profile's Security section (docs/product.md#passkeys): the account's passkeys
 * (name, added, last used), each renamed or removed (removal asked first: the passkey stops signing in at
 * once), and "Add a passkey": the customer names it (a name for this browser and device is suggested), then
 * the browser makes it after its own prompt, then the server keeps it. A prompt cancelled or refused, or a
 * refusal by the server, comes back to the name with the reason: nothing typed is lost. A browser without
 * WebAuthn (input `supported`) lists and manages passkeys made elsewhere, but cannot add one.
 */
import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { errorMessage } from '#domain/errorMessage';
import {
  type Passkey,
  PASSKEY_NAME_MAX,
  type PasskeyRegistrationOptions,
  type PasskeyRegistrationResponse,
} from '#domain/passkeyContract';
import { toastActorError } from './lib/errorToast';

/** What the passkey screens say when the browser's side fails (the wiring picks one by the browser's error). */
export const PASSKEY_TEXTS = {
  cancelled: 'The passkey prompt was cancelled or refused by your browser. Nothing changed: you can try again.',
  exists: 'This device already holds a passkey for your account.',
  unsupported: 'This browser cannot use passkeys.',
  failed: (reason: string) => `Your browser could not use a passkey (${reason}). Please try again.`,
} as const;

export type PasskeysEvent =
  | { type: 'passkeys.add' }
  | { type: 'passkeys.rename'; id: string }
  | { type: 'passkeys.remove'; id: string }
  | { type: 'passkeys.changeName'; value: string }
  | { type: 'passkeys.submit' }
  | { type: 'passkeys.cancel' }
  | { type: 'passkeys.confirm' }
  | { type: 'passkeys.reload' };

export interface PasskeysInput {
  /** Whether this browser has WebAuthn. */
  supported: boolean;
  /** The name offered for a new passkey ("Chrome on Android"). */
  suggestedName: string;
}

interface PasskeysContext extends PasskeysInput {
  passkeys: Passkey[];
  /** The name being typed: a new passkey's, or the one being renamed's. */
  name: string;
  /** The passkey being renamed, or asked about and removed. */
  selected: string | null;
  /** Why the last attempt to add or rename failed, shown under the name. */
  error: string | null;
  options: PasskeyRegistrationOptions | null;
  response: PasskeyRegistrationResponse | null;
}

/** The name as it would be sent, when the server would take it. */
export function passkeyName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= PASSKEY_NAME_MAX ? trimmed : null;
}

const nameOf = (context: PasskeysContext) => context.passkeys.find((key) => key.id === context.selected)?.name;

const failed = assign<PasskeysContext, ErrorActorEvent, undefined, PasskeysEvent, never>(({ event }) => ({
  error: errorMessage(event.error),
}));

export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
    input: {} as PasskeysInput,
  },
  actors: {
    listPasskeys: fromPromise<Passkey[]>(async () => {
      throw new Error('listPasskeys is not provided');
    }),
    registrationOptions: fromPromise<PasskeyRegistrationOptions>(async () => {
      throw new Error('registrationOptions is not provided');
    }),
    /** The browser's prompt (navigator.credentials.create); rejects with one of PASSKEY_TEXTS. */
    createPasskey: fromPromise<PasskeyRegistrationResponse, PasskeyRegistrationOptions>(async () => {
      throw new Error(PASSKEY_TEXTS.unsupported);
    }),
    registerPasskey: fromPromise<Passkey, { name: string; response: PasskeyRegistrationResponse }>(async () => {
      throw new Error('registerPasskey is not provided');
    }),
    renamePasskey: fromPromise<Passkey, { id: string; name: string }>(async () => {
      throw new Error('renamePasskey is not provided');
    }),
    removePasskey: fromPromise<void, { id: string }>(async () => {
      throw new Error('removePasskey is not provided');
    }),
  },
  actions: {
    showError: (_, _params: { message: string }) => {},
    announce: (_, _params: { message: string }) => {},
  },
  guards: {
    supported: ({ context }) => context.supported,
    listed: ({ context, event }) =>
      (event.type === 'passkeys.rename' || event.type === 'passkeys.remove') &&
      context.passkeys.some((key) => key.id === event.id),
    nameGiven: ({ context }) => passkeyName(context.name) !== null,
  },
}).createMachine({
  id: 'passkeys',
  context: ({ input }) => ({
    ...input,
    passkeys: [],
    name: '',
    selected: null,
    error: null,
    options: null,
    response: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listPasskeys',
        src: 'listPasskeys',
        onDone: { target: 'ready', actions: assign({ passkeys: ({ event }) => event.output }) },
        onError: { target: 'unavailable', actions: toastActorError },
      },
    },
    /** The list could not be loaded: the block offers to try again. */
    unavailable: { on: { 'passkeys.reload': 'loading' } },
    ready: {
      on: {
        'passkeys.add': {
          guard: 'supported',
          target: 'naming',
          actions: assign({ name: ({ context }) => context.suggestedName, error: null }),
        },
        'passkeys.rename': {
          guard: 'listed',
          target: 'renaming',
          actions: assign(({ context, event }) => ({
            selected: event.id,
            name: context.passkeys.find((key) => key.id === event.id)!.name,
            error: null,
          })),
        },
        'passkeys.remove': {
          guard: 'listed',
          target: 'confirmingRemove',
          actions: assign({ selected: ({ event }) => event.id }),
        },
      },
    },
    /** The new passkey's name; then the browser's prompt. */
    naming: {
      on: {
        'passkeys.changeName': { actions: assign({ name: ({ event }) => event.value, error: null }) },
        'passkeys.submit': { guard: 'nameGiven', target: 'adding', actions: assign({ error: null }) },
        'passkeys.cancel': { target: 'ready', actions: assign({ name: '', error: null }) },
      },
    },
    adding: {
      initial: 'requesting',
      // Whatever fails, the name stays as typed and the reason shows under it.
      exit: assign({ options: null, response: null }),
      states: {
        requesting: {
          invoke: {
            id: 'registrationOptions',
            src: 'registrationOptions',
            onDone: { target: 'prompting', actions: assign({ options: ({ event }) => event.output }) },
            onError: { target: '#passkeys.naming', actions: failed },
          },
        },
        prompting: {
          invoke: {
            id: 'createPasskey',
            src: 'createPasskey',
            input: ({ context }) => context.options!,
            onDone: { target: 'saving', actions: assign({ response: ({ event }) => event.output }) },
            onError: { target: '#passkeys.naming', actions: failed },
          },
        },
        saving: {
          invoke: {
            id: 'registerPasskey',
            src: 'registerPasskey',
            input: ({ context }) => ({ name: passkeyName(context.name)!, response: context.response! }),
            onDone: {
              target: '#passkeys.ready',
              actions: [
                { type: 'announce', params: ({ event }) => ({ message: `Passkey “${event.output.name}” added.` }) },
                // Listed once, whatever was listed before under its id.
                assign({
                  passkeys: ({ context, event }) => [
                    ...context.passkeys.filter((key) => key.id !== event.output.id),
                    event.output,
                  ],
                  name: '',
                }),
              ],
            },
            onError: { target: '#passkeys.naming', actions: failed },
          },
        },
      },
    },
    renaming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'passkeys.changeName': { actions: assign({ name: ({ event }) => event.value, error: null }) },
            'passkeys.submit': { guard: 'nameGiven', target: 'saving', actions: assign({ error: null }) },
            'passkeys.cancel': {
              target: '#passkeys.ready',
              actions: assign({ selected: null, name: '', error: null }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'renamePasskey',
            src: 'renamePasskey',
            input: ({ context }) => ({ id: context.selected!, name: passkeyName(context.name)! }),
            onDone: {
              target: '#passkeys.ready',
              actions: [
                { type: 'announce', params: ({ event }) => ({ message: `Passkey renamed “${event.output.name}”.` }) },
                assign({
                  passkeys: ({ context, event }) =>
                    context.passkeys.map((key) => (key.id === event.output.id ? event.output : key)),
                  selected: null,
                  name: '',
                }),
              ],
            },
            onError: { target: 'editing', actions: failed },
          },
        },
      },
    },
    /** Removal is asked first: the passkey stops signing in at once. */
    confirmingRemove: {
      on: {
        'passkeys.confirm': 'removing',
        'passkeys.cancel': { target: 'ready', actions: assign({ selected: null }) },
      },
    },
    removing: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.selected! }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'announce',
              params: ({ context }) => ({ message: `Passkey “${nameOf(context) ?? ''}” removed.` }),
            },
            assign({
              passkeys: ({ context }) => context.passkeys.filter((key) => key.id !== context.selected),
              selected: null,
            }),
          ],
        },
        onError: { target: 'ready', actions: [assign({ selected: null }), toastActorError] },
      },
    },
  },
});
