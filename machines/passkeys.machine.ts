/**
 * The passkeys block of the profile's Security section (docs/product.md#passkeys): the account's passkeys
 * (name, added, last used), each renamed or removed (removal asked first, with the owner's proof as for adding one:
 * the passkey stops signing in at once, and a stolen session must not strip the account of it), and "Add a passkey": the customer names it (a name for this browser and device is suggested) and
 * proves they own the account (`lib/ownerProof.ts`: the current password, or a code e-mailed on request,
 * `naming.sendingCode`), since a passkey signs in by itself; the server answers options for the browser, the
 * browser makes the passkey after its own prompt, and the server keeps it. A refusal comes back to the name with
 * the reason, and nothing typed is lost but a proof the server has used: options already taken stay good after a
 * cancelled prompt (they are bound to the account, not to a proof), so trying again asks no new proof. A browser
 * without WebAuthn (input `supported`) lists and manages passkeys made elsewhere, but cannot add one.
 */
import { and, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import {
  type Passkey,
  PASSKEY_NAME_MAX,
  type PasskeyRegistrationOptions,
  type PasskeyRegistrationResponse,
} from '#domain/passkeyContract';
import { assignError } from './lib/assignError';
import { toastActorError } from './lib/errorToast';
import { type OwnerProof, ownerProof, proofGiven, type ProofValues } from './lib/ownerProof';
import { providedByView } from './lib/providedByView';

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
  | { type: 'passkeys.changeProof'; field: keyof ProofValues; value: string }
  | { type: 'passkeys.sendCode' }
  | { type: 'passkeys.submit' }
  | { type: 'passkeys.cancel' }
  | { type: 'passkeys.confirm' }
  | { type: 'passkeys.reload' };

export interface PasskeysInput {
  /** Whether this browser has WebAuthn. */
  supported: boolean;
  /** The name offered for a new passkey ("Chrome on Android"). */
  suggestedName: string;
  /** Whether the account has a password; one without proves itself with an e-mailed code. */
  hasPassword: boolean;
}

interface PasskeysContext extends PasskeysInput {
  passkeys: Passkey[];
  /** The name being typed: a new passkey's, or the one being renamed's. */
  name: string;
  /** The passkey being renamed, or asked about and removed. */
  selected: string | null;
  /** Why the last attempt to add or rename failed, shown under the name. */
  error: string | null;
  /** The owner's proof as typed; forgotten once the server has taken it. */
  values: ProofValues;
  /** The server's word that a code was e-mailed. */
  notice: string | null;
  /** The server's options for the new passkey, from the proof on until the server has used them. */
  options: PasskeyRegistrationOptions | null;
  response: PasskeyRegistrationResponse | null;
}

const noProof: ProofValues = { password: '', emailCode: '' };

/** The name as it would be sent, when the server would take it. */
export function passkeyName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= PASSKEY_NAME_MAX ? trimmed : null;
}

const nameOf = (context: PasskeysContext) => context.passkeys.find((key) => key.id === context.selected)?.name;

/**
 * A code e-mailed to an account without a password, for the proof of an addition or a removal: one actor id for
 * both, as they never run at once, so their tests and the browser model answer them alike.
 */
const sendingCode = {
  tags: ['sendingCode'] as const,
  entry: assign<PasskeysContext, PasskeysEvent, undefined, PasskeysEvent, never>({ error: null }),
  invoke: {
    id: 'requestCode',
    src: 'requestCode' as const,
    onDone: {
      target: 'editing',
      actions: assign<PasskeysContext, DoneActorEvent<string>, undefined, PasskeysEvent, never>({
        notice: ({ event }) => event.output,
      }),
    },
    onError: { target: 'editing', actions: 'assignError' as const },
  },
};

export const passkeysMachine = setup({
  types: {} as {
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags:
      | 'loading'
      | 'unavailable'
      | 'addForm'
      | 'adding'
      | 'prompting'
      | 'renaming'
      | 'savingName'
      | 'removeDialog'
      | 'removing'
      | 'sendingCode';
    context: PasskeysContext;
    events: PasskeysEvent;
    input: PasskeysInput;
  },
  actors: {
    listPasskeys: fromPromise<Passkey[]>(async () => {
      throw new Error('listPasskeys is not provided');
    }),
    /** E-mails a code to an account without a password; answers the server's message. */
    requestCode: fromPromise<string>(async () => {
      throw new Error('requestCode is not provided');
    }),
    registrationOptions: fromPromise<PasskeyRegistrationOptions, OwnerProof>(async () => {
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
    removePasskey: fromPromise<void, { id: string; proof: OwnerProof }>(async () => {
      throw new Error('removePasskey is not provided');
    }),
  },
  actions: {
    assignError: assignError<PasskeysContext, PasskeysEvent>(),
    showError: providedByView<{ message: string }>(),
    announce: providedByView<{ message: string }>(),
    /** The owner's proof as typed, in whichever form asks for it; typing clears the last refusal. */
    typeProof: assign(({ context, event }) =>
      event.type === 'passkeys.changeProof'
        ? { values: { ...context.values, [event.field]: event.value }, error: null }
        : {},
    ),
  },
  guards: {
    supported: ({ context }) => context.supported,
    listed: ({ context, event }) =>
      (event.type === 'passkeys.rename' || event.type === 'passkeys.remove') &&
      context.passkeys.some((key) => key.id === event.id),
    nameGiven: ({ context }) => passkeyName(context.name) !== null,
    /** Options taken already: the proof was given for them. */
    proven: ({ context }) => context.options !== null,
    proofGiven: ({ context }) => proofGiven(context),
    /** A code is mailed to an account without a password, while a proof is still wanted. */
    codeWanted: ({ context }) => !context.hasPassword && context.options === null,
    /** Removal's proof: an account without a password proves itself with a mailed code. */
    noPassword: ({ context }) => !context.hasPassword,
  },
}).createMachine({
  id: 'passkeys',
  context: ({ input }) => ({
    ...input,
    passkeys: [],
    name: '',
    selected: null,
    error: null,
    values: noProof,
    notice: null,
    options: null,
    response: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'listPasskeys',
        src: 'listPasskeys',
        onDone: { target: 'ready', actions: assign({ passkeys: ({ event }) => event.output }) },
        onError: { target: 'unavailable', actions: toastActorError },
      },
    },
    /** The list could not be loaded: the block offers to try again. */
    unavailable: { tags: ['unavailable'], on: { 'passkeys.reload': 'loading' } },
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
    /** The new passkey's name and the owner's proof (none once options are taken); then the browser's prompt. */
    naming: {
      tags: ['addForm'],
      initial: 'editing',
      on: {
        'passkeys.changeName': { actions: assign({ name: ({ event }) => event.value, error: null }) },
        'passkeys.changeProof': { actions: 'typeProof' },
        'passkeys.cancel': {
          target: 'ready',
          actions: assign({ name: '', error: null, values: noProof, notice: null, options: null }),
        },
      },
      states: {
        editing: {
          on: {
            'passkeys.sendCode': { guard: 'codeWanted', target: 'sendingCode' },
            'passkeys.submit': [
              {
                guard: and(['nameGiven', 'proven']),
                target: '#passkeys.adding.prompting',
                actions: assign({ error: null }),
              },
              { guard: and(['nameGiven', 'proofGiven']), target: '#passkeys.adding', actions: assign({ error: null }) },
            ],
          },
        },
        sendingCode,
      },
    },
    adding: {
      tags: ['addForm', 'adding'],
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            id: 'registrationOptions',
            src: 'registrationOptions',
            input: ({ context }) => ownerProof(context),
            // The proof has done its work: the password is not kept, and a mailed code is used up.
            onDone: {
              target: 'prompting',
              actions: assign({ options: ({ event }) => event.output, values: noProof, notice: null }),
            },
            onError: { target: '#passkeys.naming', actions: 'assignError' },
          },
        },
        // Cancelled or refused, the options stay: they are good for another prompt.
        prompting: {
          tags: ['prompting'],
          invoke: {
            id: 'createPasskey',
            src: 'createPasskey',
            input: ({ context }) => context.options!,
            onDone: { target: 'saving', actions: assign({ response: ({ event }) => event.output }) },
            onError: { target: '#passkeys.naming', actions: 'assignError' },
          },
        },
        // The server uses the options' challenge up, whatever it answers: the next try asks for the proof again.
        saving: {
          exit: assign({ options: null, response: null }),
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
            onError: { target: '#passkeys.naming', actions: 'assignError' },
          },
        },
      },
    },
    renaming: {
      tags: ['renaming'],
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
          tags: ['savingName'],
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
            onError: { target: 'editing', actions: 'assignError' },
          },
        },
      },
    },
    /** Removal is asked first, with the owner's proof: the passkey stops signing in at once. */
    confirmingRemove: {
      tags: ['removeDialog'],
      initial: 'editing',
      on: {
        'passkeys.changeProof': { actions: 'typeProof' },
        'passkeys.cancel': {
          target: 'ready',
          actions: assign({ selected: null, values: noProof, notice: null, error: null }),
        },
      },
      states: {
        editing: {
          on: {
            'passkeys.sendCode': { guard: 'noPassword', target: 'sendingCode' },
            'passkeys.confirm': { guard: 'proofGiven', target: '#passkeys.removing', actions: assign({ error: null }) },
          },
        },
        sendingCode,
      },
    },
    removing: {
      tags: ['removeDialog', 'removing'],
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.selected!, proof: ownerProof(context) }),
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
              values: noProof,
              notice: null,
            }),
          ],
        },
        // A wrong proof is said where it was typed, and kept for a correction; a mailed code is used up only when
        // the passkey goes.
        onError: { target: '#passkeys.confirmingRemove', actions: 'assignError' },
      },
    },
  },
});
