/**
 * What the Login and Register machines share (docs/product.md#authentication): a successful sign-in is
 * handed to the auth actor; both Google buttons, on Login too, run the register-with-Google sign-in
 * (./googleSignIn.ts); whether Google sign-in is offered comes from the client config.
 */
import { fromPromise } from 'xstate';
import { GOOGLE_ERRORS } from '#machines/googleSignIn.machine';
import type { Session } from '#domain/types';
import * as api from '#src/api/google';
import { continueWithGoogle } from './googleSignIn';
import type { AppPorts } from './ports';

export function signInActors(app: AppPorts) {
  return {
    continueWithGoogle: fromPromise<Session>(async () => {
      const answer = await continueWithGoogle('register', app.inspect);
      // Only the Login screen takes the authenticator app's step (its wiring replaces this actor).
      if ('secondStep' in answer) throw new Error(GOOGLE_ERRORS.secondStepOnSignInPage);
      return answer;
    }),
    checkGoogle: fromPromise<boolean>(() => api.googleAvailable()),
  };
}

export function signInActions(app: AppPorts) {
  return {
    signIn: (_: unknown, session: Session) => app.auth.send({ type: 'auth.signedIn', session }),
  };
}

/** What the sign-in pages supply themselves. */
export interface SignInView {
  /** After a successful sign-in. */
  goHome: () => void;
}
