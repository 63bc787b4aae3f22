/**
 * "Sign out everywhere" in the profile's Security section: asked first, then every other session of the account
 * ends (a phone left signed in, a browser someone else used); this device stays signed in. The server's answer
 * says how many ended, announced as a toast; a failure is an error toast, and the button may be pressed again.
 */
import { fromPromise, setup } from 'xstate';
import { toastActorError } from './lib/errorToast';
import { providedByView } from './lib/providedByView';

export type SignOutEverywhereEvent =
  { type: 'signOutEverywhere.start' } | { type: 'signOutEverywhere.confirm' } | { type: 'signOutEverywhere.cancel' };

export const signOutEverywhereMachine = setup({
  types: {} as {
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'confirming' | 'ending';
    events: SignOutEverywhereEvent;
  },
  actors: {
    /** Ends every other session; answers the server's words for it. */
    endOtherSessions: fromPromise<string>(async () => {
      throw new Error('endOtherSessions is not provided');
    }),
  },
  actions: {
    announce: providedByView<{ message: string }>(),
    showError: providedByView<{ message: string }>(),
  },
}).createMachine({
  id: 'signOutEverywhere',
  initial: 'idle',
  states: {
    idle: { on: { 'signOutEverywhere.start': 'confirming' } },
    confirming: {
      tags: ['confirming'],
      on: {
        'signOutEverywhere.confirm': 'ending',
        'signOutEverywhere.cancel': 'idle',
      },
    },
    ending: {
      tags: ['ending'],
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: {
          target: 'idle',
          actions: { type: 'announce', params: ({ event }) => ({ message: event.output }) },
        },
        onError: { target: 'idle', actions: toastActorError },
      },
    },
  },
});
