import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Session } from '../../machines/lib/types';
import { useAppActors } from './AppActorsContext';
import { continueWithGoogle } from './google';

/**
 * What the Login and Register machines share with the app: a successful sign-in is handed to the
 * auth actor, then the visitor goes home (SPEC 4); both Google buttons, on Login too, call the
 * register-with-Google call (SPEC 7).
 */
export function useSignInEffects() {
  const { auth, inspect } = useAppActors();
  const [, navigate] = useLocation();
  return {
    actors: { continueWithGoogle: fromPromise<Session>(() => continueWithGoogle('register', inspect)) },
    actions: {
      signIn: (_: unknown, session: Session) => auth.send({ type: 'auth.signedIn', session }),
      goHome: () => navigate('/'),
    },
  };
}
