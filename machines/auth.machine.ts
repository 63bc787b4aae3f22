/**
 * Authentication: is anybody signed in? App-wide, created once.
 * At start the server is asked who the user is; a failure or a falsy answer means signed out
 * (docs/product.md#authentication).
 * The token itself lives in local storage (injected actions), never in context, so inspectors never see it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Session, User } from '../domain/types';

export type AuthEvent =
  | { type: 'auth.signedIn'; session: Session }
  | { type: 'auth.updated'; session: Session }
  | { type: 'auth.refreshed'; user: User }
  | { type: 'auth.logout' }
  | { type: 'auth.expired' };

export const authMachine = setup({
  types: {
    context: {} as { user: User | null },
    events: {} as AuthEvent,
  },
  actors: {
    /** Resolves with the signed-in user; rejects when nobody is (no token, or a falsy answer). */
    authenticate: fromPromise<User>(async () => {
      throw new Error('');
    }),
  },
  actions: {
    persistToken: (_, _params: { token: string }) => {},
    /** Removes the token and the cached responses of this user. */
    forgetSession: () => {},
    /** Tells the server to revoke the token; fire and forget, the browser forgets it either way. */
    revokeToken: () => {},
    announceLogout: () => {},
  },
}).createMachine({
  id: 'auth',
  context: { user: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output }) },
        onError: { target: 'signedOut', actions: 'forgetSession' },
      },
    },
    signedOut: {
      on: {
        'auth.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'persistToken', params: ({ event }) => ({ token: event.session.token }) },
            assign({ user: ({ event }) => event.session.user }),
          ],
        },
      },
    },
    signedIn: {
      on: {
        'auth.updated': {
          actions: [
            { type: 'persistToken', params: ({ event }) => ({ token: event.session.token }) },
            assign({ user: ({ event }) => event.session.user }),
          ],
        },
        /** The user changed without a new token (e-mail verified, deletion scheduled or undone). */
        'auth.refreshed': { actions: assign({ user: ({ event }) => event.user }) },
        'auth.logout': {
          target: 'signedOut',
          actions: ['revokeToken', 'forgetSession', assign({ user: null }), 'announceLogout'],
        },
        /** An authenticated call answered 401: the token was revoked or expired elsewhere. */
        'auth.expired': {
          target: 'signedOut',
          actions: ['forgetSession', assign({ user: null })],
        },
      },
    },
  },
});
