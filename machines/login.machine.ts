/**
 * The Login screen: idle, loading after submit or the Google click, then success or error.
 * Success hands user and token on (signIn) and goes to / (goHome). Error ends loading and shows
 * red text under the password field; typing in any field clears it. After an e-mail submit the
 * spinner also clears after 1.5 s, even while the request is still out (the buttons stay disabled then).
 *
 * The client config says whether the site offers Google sign-in; when it does not, the screen shows no
 * Google button (docs/product.md#authentication).
 *
 * The server may answer the password with the step the sign-in still needs (`secondStep`): a code it e-mailed,
 * asked when the account's failed sign-ins reached the day's ceiling (docs/decisions/0022-tickets-for-codes.md),
 * or the code of the account's authenticator app (`totp`, docs/product.md#second-factor), which Google's answer
 * may ask for too. An e-mailed code of such an account answers the app's step next. The app's step takes six
 * digits, or a recovery code after "Use a recovery code". A wrong code shows the server's text under the field;
 * "Back" returns to the form and forgets the ticket.
 */
import { assertEvent, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import { type SecondStep, type SignInResponse, SIX_DIGIT_CODE } from '#domain/contract';
import {
  SIGN_IN_SPINNER_LIMIT_MS,
  signInActions,
  signInActors,
  type SignInContext,
  signInStates,
  spinnerStates,
} from './lib/signInStates';
import type { Session } from '#domain/types';
import { assignError } from './lib/assignError';

export const LOGIN_SPINNER_LIMIT_MS = SIGN_IN_SPINNER_LIMIT_MS;

export type LoginField = 'email' | 'password';
export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.submit' }
  | { type: 'login.google' }
  | { type: 'login.changeCode'; code: string }
  | { type: 'login.confirmCode' }
  /** The app's step: type a recovery code instead of the app's code, and back. */
  | { type: 'login.useRecoveryCode' }
  | { type: 'login.useAppCode' }
  | { type: 'login.back' };

/** What the second step's screen says, by kind. */
export const SECOND_STEP_TEXTS: Record<SecondStep['kind'], string> = {
  'email-code':
    'Many failed sign-ins were tried on this account today, so we ask for one more thing. If your password ' +
    'was right, we have e-mailed you a code: enter it to sign in.',
  totp: 'Enter the code from your authenticator app.',
};

/** What the app's step says while it takes a recovery code. */
export const RECOVERY_CODE_TEXT = 'Enter one of the recovery codes you saved when you set up the app. Each works once.';

/** A recovery code as the server takes it (domain/contract.ts RecoveryCode): any case, the hyphen optional. */
const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}$/;

const askedSecondStep = (answer: SignInResponse): answer is { secondStep: SecondStep } => 'secondStep' in answer;
const asksFor = (answer: SignInResponse, kind: SecondStep['kind']) =>
  askedSecondStep(answer) && answer.secondStep.kind === kind;

interface LoginContext extends SignInContext {
  email: string;
  password: string;
  /** The step the server asked for after the password or Google (null: none asked). */
  secondStep: SecondStep | null;
  code: string;
}

const shared = signInStates<LoginContext, LoginEvent>();

/** The step an answer asks for (the guards call this only for an answer that asks for one). */
const stepOf = (answer: SignInResponse) => (askedSecondStep(answer) ? answer.secondStep : null);

/**
 * One way to answer the app's step (its six digits, or a recovery code): typed until well formed, then sent
 * with the step's ticket; a refusal comes back under the field. `other` switches to the other way.
 */
function totpWay<const Switch extends object>(
  guard: 'codeWellFormed' | 'recoveryCodeWellFormed',
  requestId: string,
  other: Switch,
) {
  return {
    initial: 'entering',
    states: {
      entering: {
        on: {
          'login.changeCode': { actions: 'typeCode' },
          'login.confirmCode': { guard, target: 'confirming', actions: 'clearError' },
          ...other,
          'login.back': { target: '#login.editing', actions: 'forgetStep' },
        },
      },
      confirming: {
        tags: ['confirming'],
        invoke: {
          id: requestId,
          src: 'confirmTotpStep',
          input: ({ context }: { context: LoginContext }) => ({
            ticket: context.secondStep?.ticket ?? '',
            code: context.code.trim(),
          }),
          onDone: {
            target: '#login.succeeded',
            actions: [
              'forgetStep',
              { type: 'signIn', params: ({ event }: { event: DoneActorEvent<Session> }) => event.output },
            ],
          },
          onError: {
            target: 'entering',
            actions: 'assignError',
          },
        },
      },
    },
  } as const;
}

export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    events: LoginEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'editing' | 'spinning' | 'confirming' | 'recoveryCode';
  },
  actors: {
    loginWithEmail: fromPromise<SignInResponse, { email: string; password: string }>(async () => {
      throw new Error('loginWithEmail is not provided');
    }),
    /** The e-mailed code, with its ticket: answers the session, or the app's step for an account with one. */
    confirmSecondStep: fromPromise<SignInResponse, { ticket: string; code: string }>(async () => {
      throw new Error('confirmSecondStep is not provided');
    }),
    /** The app's code or a recovery code, with the ticket of the app's step: answers the session. */
    confirmTotpStep: fromPromise<Session, { ticket: string; code: string }>(async () => {
      throw new Error('confirmTotpStep is not provided');
    }),
    ...signInActors,
    /** Google's answer, like the password's, may ask for the app's step. */
    continueWithGoogle: fromPromise<SignInResponse>(async () => {
      throw new Error('continueWithGoogle is not provided');
    }),
  },
  actions: {
    ...signInActions,
    /** The answer asks for a step: its ticket, with the code field empty. */
    askFor: assign((_, step: SecondStep | null) => ({ secondStep: step, code: '' })),
    /** The ticket is used up, or given up: forget it and the code. */
    forgetStep: assign({ secondStep: null, code: '', error: null }),
    /** A refused request's text: under the password field, or under the code's (the step stays). */
    assignError: assignError<LoginContext, LoginEvent>(),
    /** Another way to type the code starts with an empty field and no error. */
    clearCode: assign({ code: '', error: null }),
    /** The code as typed so far; typing clears the last refusal. */
    typeCode: assign(({ event }) => {
      assertEvent(event, 'login.changeCode');
      return { code: event.code, error: null };
    }),
    /** A code goes out: the last refusal goes. */
    clearError: assign({ error: null }),
  },
  guards: {
    /** Not known to be off: while the check is out, or when it failed, the button tries. */
    googleOffered: ({ context }) => context.google !== 'unavailable',
    codeWellFormed: ({ context }) => SIX_DIGIT_CODE.test(context.code.trim()),
    recoveryCodeWellFormed: ({ context }) => RECOVERY_CODE_PATTERN.test(context.code.trim()),
    /** The answer asks for this kind of step before it signs in. */
    asksFor: (_, { answer, kind }: { answer: SignInResponse; kind: SecondStep['kind'] }) => asksFor(answer, kind),
  },
  delays: { spinnerLimit: LOGIN_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', error: null, google: 'checking', secondStep: null, code: '' },
  invoke: shared.googleAvailability,
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'login.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        // A new attempt starts without the last attempt's error.
        'login.submit': { target: 'submitting', actions: assign({ error: null }) },
        // A site known to have no Google sign-in shows no Google button: nothing to press.
        'login.google': { guard: 'googleOffered', target: 'withGoogle', actions: assign({ error: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'loginRequest',
        src: 'loginWithEmail',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'asksFor', params: ({ event }) => ({ answer: event.output, kind: 'email-code' as const }) },
            target: '#login.secondStep.emailCode',
            actions: { type: 'askFor', params: ({ event }) => stepOf(event.output) },
          },
          {
            guard: { type: 'asksFor', params: ({ event }) => ({ answer: event.output, kind: 'totp' as const }) },
            target: '#login.secondStep.totp',
            actions: { type: 'askFor', params: ({ event }) => stepOf(event.output) },
          },
          // The guards above took every answer that asks for a step: this one is a session.
          {
            target: '#login.succeeded',
            actions: ['forgetStep', { type: 'signIn', params: ({ event }) => event.output as Session }],
          },
        ],
        onError: shared.requestOutcome.onError,
      },
      ...spinnerStates,
    },
    // Unlike the e-mail request (and the register screen), no spinner limit here.
    withGoogle: {
      tags: ['spinning'],
      invoke: {
        id: 'googleRequest',
        src: 'continueWithGoogle',
        onDone: [
          {
            guard: { type: 'asksFor', params: ({ event }) => ({ answer: event.output, kind: 'totp' as const }) },
            target: '#login.secondStep.totp',
            actions: { type: 'askFor', params: ({ event }) => stepOf(event.output) },
          },
          // The guards above took every answer that asks for a step: this one is a session.
          {
            target: '#login.succeeded',
            actions: ['forgetStep', { type: 'signIn', params: ({ event }) => event.output as Session }],
          },
        ],
        onError: shared.requestOutcome.onError,
      },
    },
    /** The server asked for more than the password (or Google): the code it e-mailed, or the app's. */
    secondStep: {
      initial: 'emailCode',
      states: {
        emailCode: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'login.changeCode': { actions: 'typeCode' },
                'login.confirmCode': { guard: 'codeWellFormed', target: 'confirming', actions: 'clearError' },
                'login.back': {
                  target: '#login.editing',
                  actions: 'forgetStep',
                },
              },
            },
            confirming: {
              tags: ['confirming'],
              invoke: {
                id: 'secondStepRequest',
                src: 'confirmSecondStep',
                input: ({ context }) => ({ ticket: context.secondStep?.ticket ?? '', code: context.code.trim() }),
                onDone: [
                  // The e-mailed code stood for the day's ceiling; an account with an app is asked for it next.
                  {
                    guard: {
                      type: 'asksFor',
                      params: ({ event }) => ({ answer: event.output, kind: 'totp' as const }),
                    },
                    target: '#login.secondStep.totp',
                    actions: { type: 'askFor', params: ({ event }) => stepOf(event.output) },
                  },
                  // The guards above took every answer that asks for a step: this one is a session.
                  {
                    target: '#login.succeeded',
                    actions: ['forgetStep', { type: 'signIn', params: ({ event }) => event.output as Session }],
                  },
                ],
                onError: {
                  target: 'entering',
                  actions: 'assignError',
                },
              },
            },
          },
        },
        /** The authenticator app's code (six digits), or one of the recovery codes. */
        totp: {
          initial: 'appCode',
          states: {
            appCode: totpWay('codeWellFormed', 'appCodeRequest', {
              'login.useRecoveryCode': { target: '#login.secondStep.totp.recoveryCode', actions: 'clearCode' },
            }),
            recoveryCode: {
              ...totpWay('recoveryCodeWellFormed', 'recoveryCodeRequest', {
                'login.useAppCode': { target: '#login.secondStep.totp.appCode', actions: 'clearCode' },
              }),
              tags: ['recoveryCode'],
            },
          },
        },
      },
    },
    succeeded: shared.succeeded,
  },
});
