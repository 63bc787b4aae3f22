/**
 * Authentication: is anybody signed in? App-wide, created once.
 * At start the server is asked who the user is; a failure or a falsy answer means signed out
 * (docs/product.md#authentication).
 * The token itself lives in local storage (injected actions), never in context, so inspectors never see it.
 *
 * Logout: the browser forgets the token and the cached answers at once; the server is asked to revoke the
 * token by the revokeSession actor, spawned just before, which keeps running whatever the machine does next.
 * That revocation is a courtesy: its failure changes nothing.
 */
import { assign, fromPromise, setup, spawnChild } from 'xstate';
import type { Session, User } from '#domain/types';
import { providedByView } from './lib/providedByView';

export type AuthEvent =
  | { type: 'auth.signedIn'; session: Session }
  | { type: 'auth.updated'; session: Session }
  | { type: 'auth.refreshed'; user: User }
  | { type: 'auth.logout' }
  | { type: 'auth.expired' };

/**
 * How the server revocation ended: revoked, or failed (the server did not answer, or refused). Either way
 * there is nothing to do: the browser forgot the token as logout began.
 */
type RevocationEnded =
  | { type: 'xstate.done.actor.revokeSession'; output: unknown }
  | { type: 'xstate.error.actor.revokeSession'; error: unknown };

/** The id of the revokeSession actor while it runs (a newer one takes the name; nothing waits for either). */
export const REVOKE_SESSION_ID = 'revokeSession';

export interface RevokeSessionInput {
  /** The token to revoke, read before forgetSession removes it; null when none was stored. */
  token: string | null;
}

export const authMachine = setup({
  types: {} as {
    context: { user: User | null };
    events: AuthEvent | RevocationEnded;
    tags: 'signedIn';
  },
  actors: {
    /** Resolves with the signed-in user; rejects when nobody is (no token, or a falsy answer). */
    authenticate: fromPromise<User>(async () => {
      // Nothing reads the message: any failure means signed out.
      throw new Error();
    }),
    /** Asks the server to revoke the token; the browser has forgotten it already, whatever the answer. */
    revokeSession: fromPromise<void, RevokeSessionInput>(async () => {}),
  },
  actions: {
    persistToken: providedByView<{ token: string }>(),
    /** Removes the token and the cached responses of this user. */
    forgetSession: providedByView(),
    /**
     * Spawns revokeSession with the stored token (before forgetSession). Without a token store, as here,
     * it is handed none.
     */
    revokeToken: spawnChild('revokeSession', { id: REVOKE_SESSION_ID, input: { token: null } }),
    /** Tells the visitor they are logged out (a toast, through the actor system). */
    announceLogout: providedByView(),
  },
}).createMachine({
  id: 'auth',
  context: { user: null },
  initial: 'checking',
  on: {
    /** Best effort: however the revocation ends, nothing changes (a failure must not stop this machine). */
    'xstate.done.actor.revokeSession': {},
    'xstate.error.actor.revokeSession': {},
  },
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
      tags: ['signedIn'],
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
