import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Session } from '../../domain/types';
import { useAppActors } from './AppActorsContext';
import { continueWithGoogle, googleAvailable } from './google';

/**
 * What the Login and Register machines share with the app: a successful sign-in is handed to the
 * auth actor, then the visitor goes home; both Google buttons, on Login too, call the
 * register-with-Google call; whether Google sign-in is offered comes from the client config.
 */
export function useSignInEffects() {
  const { auth, inspect } = useAppActors();
  const [, navigate] = useLocation();
  return {
    actors: {
      continueWithGoogle: fromPromise<Session>(() => continueWithGoogle('register', inspect)),
      checkGoogle: fromPromise<boolean>(() => googleAvailable()),
    },
    actions: {
      signIn: (_: unknown, session: Session) => auth.send({ type: 'auth.signedIn', session }),
      goHome: () => navigate('/'),
    },
  };
}
