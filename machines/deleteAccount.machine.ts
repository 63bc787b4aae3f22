/**
 * Account deletion on the profile (docs/product.md#deletion, #errors). The machine knows whether a deletion is
 * scheduled, so the page offers one thing at a time:
 *
 * - `active` (none scheduled): the red 'Delete Account' link asks for confirmation in a dialog, then requests
 *   deletion and shows the server's message as a success toast; failure is an error toast at top-left.
 * - `scheduled`: the notice 'Your account is scheduled for deletion on …' with 'Cancel the deletion', which
 *   undoes it while its grace period runs.
 *
 * The start picks one from the user the page opened with. After a request or an undo succeeds the user is read
 * again (`refreshing`), inside the state the server's answer leads to, and the user read decides where the
 * machine settles. A failed read stays there: after a request the deletion is scheduled (the server accepted
 * it; offering 'Delete Account' again would be untrue), after an undo it is not. The context keeps the date of
 * the last user read; null while it is not known (the notice then gives no date).
 *
 * An office or admin account (the `role` it starts with) confirms with its current password instead
 * (`confirmingWithPassword`): the dialog asks for it, the confirmation carries it, and a refusal (a wrong
 * password, say) shows the server's text in the dialog, which stays open for another try.
 */
import { assertEvent, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import { PASSWORD_MAX } from '#domain/contract';
import { toastActorError } from './lib/errorToast';
import { isStaff, type Role } from '#domain/orders';
import type { User } from '#domain/types';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

export type DeleteAccountEvent =
  | { type: 'delete.open' }
  | { type: 'delete.dismiss' }
  /** `password`: the current password, which only an office or admin account's dialog asks for. */
  | { type: 'delete.confirm'; password?: string | undefined }
  | { type: 'delete.undo' };

export interface DeleteAccountInput {
  /** The signed-in user's role (domain/orders.ts); none or 'common' for a customer. */
  role?: Role | undefined;
  /** The signed-in user's scheduled deletion (an ISO date), null when none is scheduled. */
  deletionScheduledFor: string | null;
}

/** What the deletion request sends: nothing for a customer, the current password for the office. */
export type DeletionProof = { password: string } | undefined;

interface DeleteAccountContext {
  role: Role | undefined;
  /** When the deletion is due, as the last user read said; null when none is, or while it is not known. */
  deletionScheduledFor: string | null;
  /** The refusal shown in the password dialog (null while there is none). */
  error: string | null;
}

/** When the user's deletion is due; null when none is scheduled (the wire may leave the field out). */
const dueDate = (user: User): string | null => user.deletionScheduledFor ?? null;

/**
 * The user read again after a request or a cancellation: what the server now says decides which part the page
 * shows (the notice while a deletion is scheduled, the link otherwise), with the date it gives. A failed read
 * stays in the part the server's answer to the change put it in (`idle` there).
 */
const readOutput = ({ event }: { event: DoneActorEvent<User> }) => event.output;
/** The user read: its deletion date for the notice, and the user for the rest of the app. */
const rememberUser = [
  { type: 'rememberDate', params: readOutput },
  { type: 'storeUser', params: readOutput },
] as const;

const readUserAgain = {
  tags: ['refreshing'],
  invoke: {
    id: 'refreshUser',
    src: 'refreshUser',
    onDone: [
      {
        guard: { type: 'userHasDeletion', params: readOutput },
        target: '#deleteAccount.scheduled.idle',
        actions: rememberUser,
      },
      {
        target: '#deleteAccount.active.idle',
        actions: rememberUser,
      },
    ],
    onError: 'idle',
  },
} as const;

export const deleteAccountMachine = setup({
  types: {} as {
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'refreshing' | 'deletable' | 'scheduled' | 'dialogOpen' | 'deleting' | 'asksPassword';
    context: DeleteAccountContext;
    events: DeleteAccountEvent;
    input: DeleteAccountInput;
  },
  actors: {
    requestDeletion: fromPromise<string, DeletionProof>(async () => {
      throw new Error('requestDeletion is not provided');
    }),
    cancelDeletion: fromPromise<string>(async () => {
      throw new Error('cancelDeletion is not provided');
    }),
    /** The user's scheduled deletion changed: reads the user again. */
    refreshUser: fromPromise<User>(async () => {
      // A failed read shows nothing, so no message is ever seen.
      throw new Error();
    }),
  },
  actions: {
    assignError: assignError<DeleteAccountContext, DeleteAccountEvent>(),
    announce: providedByView<{ message: string }>(),
    showError: providedByView<{ message: string }>(),
    /** Hands the user read again to the app. */
    storeUser: providedByView<User>(),
    /**
     * An undo went through: the date read last no longer holds. (A request needs no such step: no date is held
     * while no deletion is scheduled, and the user read again brings the new one.)
     */
    forgetDate: assign({ deletionScheduledFor: null }),
    /** The date of the user read again. */
    rememberDate: assign((_, user: User) => ({ deletionScheduledFor: dueDate(user) })),
  },
  guards: {
    /** The page opened on a user whose deletion is scheduled. */
    deletionScheduled: ({ context }) => context.deletionScheduledFor !== null,
    /** The user read again has a deletion scheduled. */
    userHasDeletion: (_, user: User) => dueDate(user) !== null,
    /** An office or admin account confirms its deletion with its password (docs/product.md#deletion). */
    passwordRequired: ({ context }) => isStaff(context.role),
    passwordGiven: ({ event }) => {
      assertEvent(event, 'delete.confirm');
      return event.password !== undefined && event.password.length >= 1 && event.password.length <= PASSWORD_MAX;
    },
  },
}).createMachine({
  id: 'deleteAccount',
  context: ({ input }) => ({ role: input.role, deletionScheduledFor: input.deletionScheduledFor, error: null }),
  initial: 'start',
  states: {
    /** Picks what the page offers from the user it opened with. */
    start: {
      always: [{ guard: 'deletionScheduled', target: 'scheduled' }, { target: 'active' }],
    },
    /** No deletion is scheduled: the 'Delete Account' link and its dialog. */
    active: {
      tags: ['deletable'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'delete.open': [{ guard: 'passwordRequired', target: 'confirmingWithPassword' }, { target: 'confirming' }],
          },
        },
        /** The confirmation dialog is open. */
        confirming: {
          tags: ['dialogOpen'],
          on: { 'delete.dismiss': 'idle', 'delete.confirm': 'requesting' },
        },
        requesting: {
          tags: ['dialogOpen', 'deleting'],
          invoke: {
            id: 'requestDeletion',
            src: 'requestDeletion',
            onDone: {
              target: '#deleteAccount.scheduled.refreshing',
              actions: { type: 'announce', params: ({ event }) => ({ message: event.output }) },
            },
            onError: { target: 'idle', actions: toastActorError },
          },
        },
        /** The office's confirmation dialog, with the current password (and the last refusal, if any). */
        confirmingWithPassword: {
          tags: ['dialogOpen', 'asksPassword'],
          on: {
            'delete.dismiss': { target: 'idle', actions: assign({ error: null }) },
            'delete.confirm': { guard: 'passwordGiven', target: 'requestingWithPassword' },
          },
        },
        requestingWithPassword: {
          tags: ['dialogOpen', 'asksPassword', 'deleting'],
          entry: assign({ error: null }),
          invoke: {
            id: 'requestDeletionWithPassword',
            src: 'requestDeletion',
            input: ({ event }) => {
              assertEvent(event, 'delete.confirm');
              // `passwordGiven` let only a password in.
              return { password: event.password! };
            },
            onDone: {
              target: '#deleteAccount.scheduled.refreshing',
              actions: { type: 'announce', params: ({ event }) => ({ message: event.output }) },
            },
            onError: {
              target: 'confirmingWithPassword',
              actions: 'assignError',
            },
          },
        },
        /** The deletion was cancelled; the user is read again. A failed read stays here: the server cancelled. */
        refreshing: readUserAgain,
      },
    },
    /** A deletion is scheduled: the notice and 'Cancel the deletion'. */
    scheduled: {
      tags: ['scheduled'],
      initial: 'idle',
      states: {
        idle: {
          on: { 'delete.undo': 'undoing' },
        },
        undoing: {
          invoke: {
            id: 'cancelDeletion',
            src: 'cancelDeletion',
            onDone: {
              target: '#deleteAccount.active.refreshing',
              actions: [{ type: 'announce', params: ({ event }) => ({ message: event.output }) }, 'forgetDate'],
            },
            onError: { target: 'idle', actions: toastActorError },
          },
        },
        /** The deletion was requested; the user is read again for its date. A failed read stays here. */
        refreshing: readUserAgain,
      },
    },
  },
});
