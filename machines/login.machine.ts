/**
 * The Login screen: idle, loading after submit or the Google click, then success or error.
 * Success hands user and token on (signIn) and goes to / (goHome). Error ends loading and shows
 * red text under the password field; typing in any field clears it. After an e-mail submit the
 * spinner also clears after 1.5 s, even while the request is still out (the buttons stay disabled then).
 *
 * The client config says whether the site offers Google sign-in; when it does not, the Google button
 * says so at once, in the error's place, instead of opening a popup.
 *
 * The server may answer the password with the step the sign-in still needs (`secondStep`): today a code it
 * e-mailed, asked when the account's failed sign-ins reached the day's ceiling (docs/decisions/0022-tickets-for-codes.md).
 * The customer enters the code (a wrong one shows the server's text under the field) or goes back to the form.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type SecondStep, type SignInResponse } from '#domain/contract';
import { errorMessage } from '#domain/errorMessage';
import { GOOGLE_ERRORS } from './googleSignIn.machine';
import {
  SIGN_IN_SPINNER_LIMIT_MS,
  signInActions,
  signInActors,
  type SignInContext,
  signInStates,
  spinnerStates,
} from './lib/signInStates';
import type { Session } from '#domain/types';

export const LOGIN_SPINNER_LIMIT_MS = SIGN_IN_SPINNER_LIMIT_MS;

export type LoginField = 'email' | 'password';
export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.submit' }
  | { type: 'login.google' }
  | { type: 'login.changeCode'; code: string }
  | { type: 'login.confirmCode' }
  | { type: 'login.back' };

/** What the second step's screen says, by kind. */
export const SECOND_STEP_TEXTS: Record<SecondStep['kind'], string> = {
  'email-code':
    'Many failed sign-ins were tried on this account today, so we ask for one more thing. If your password ' +
    'was right, we have e-mailed you a code: enter it to sign in.',
  totp: 'Enter the code your authenticator app shows now, or one of your recovery codes.',
};

const CODE_PATTERN = /^\d{6}$/;

const askedSecondStep = (answer: SignInResponse): answer is { secondStep: SecondStep } => 'secondStep' in answer;

interface LoginContext extends SignInContext {
  email: string;
  password: string;
  /** The step the server asked for after the password (null: none asked). */
  secondStep: SecondStep | null;
  code: string;
}

const shared = signInStates<LoginContext, LoginEvent>();

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    loginWithEmail: fromPromise<SignInResponse, { email: string; password: string }>(async () => {
      throw new Error('loginWithEmail is not provided');
    }),
    /** The code of the second step, with its ticket: answers the session. */
    confirmSecondStep: fromPromise<Session, { ticket: string; code: string }>(async () => {
      throw new Error('confirmSecondStep is not provided');
    }),
    ...signInActors,
  },
  actions: signInActions,
  guards: {
    googleUnavailable: ({ context }) => context.google === 'unavailable',
    codeWellFormed: ({ context }) => CODE_PATTERN.test(context.code.trim()),
    /** The password's answer asks for more than the password. */
    askedSecondStep: (_, { answer }: { answer: SignInResponse }) => askedSecondStep(answer),
  },
  delays: { spinnerLimit: LOGIN_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', error: null, google: 'checking', secondStep: null, code: '' },
  invoke: shared.googleAvailability,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        // A new attempt starts without the last attempt's error.
        'login.submit': { target: 'submitting', actions: assign({ error: null }) },
        'login.google': [
          { guard: 'googleUnavailable', actions: assign({ error: GOOGLE_ERRORS.unavailable }) },
          { target: 'withGoogle', actions: assign({ error: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'loginRequest',
        src: 'loginWithEmail',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'askedSecondStep', params: ({ event }) => ({ answer: event.output }) },
            target: 'secondStep',
            actions: assign(({ event }) => ({
              secondStep: askedSecondStep(event.output) ? event.output.secondStep : null,
              code: '',
            })),
          },
          // The guard above took every answer that asks for a second step: this one is a session.
          { target: 'succeeded', actions: { type: 'signIn', params: ({ event }) => event.output as Session } },
        ],
        onError: shared.requestOutcome.onError,
      },
      ...spinnerStates,
    },
    /** The server asked for more than the password: the code it e-mailed. */
    secondStep: {
      initial: 'entering',
      states: {
        entering: {
          on: {
            'login.changeCode': { actions: assign(({ event }) => ({ code: event.code, error: null })) },
            'login.confirmCode': { guard: 'codeWellFormed', target: 'confirming', actions: assign({ error: null }) },
            'login.back': { target: '#login.editing', actions: assign({ secondStep: null, code: '', error: null }) },
          },
        },
        confirming: {
          invoke: {
            id: 'secondStepRequest',
            src: 'confirmSecondStep',
            input: ({ context }) => ({ ticket: context.secondStep?.ticket ?? '', code: context.code.trim() }),
            onDone: {
              target: '#login.succeeded',
              // The ticket is used up.
              actions: [
                assign({ secondStep: null, code: '' }),
                { type: 'signIn', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'entering', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
    // Unlike the e-mail request (and the register screen), no spinner limit here.
    withGoogle: { invoke: shared.googleRequest },
    succeeded: shared.succeeded,
  },
});
