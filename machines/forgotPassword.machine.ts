/**
 * Forgot password: ask for the e-mail, send a code (the same answer whether or not the account exists),
 * then take the code and a new password and reset it. The code works only with the ticket the request's
 * answer carried (docs/decisions/0022-tickets-for-codes.md), so a new request gives the code field a new
 * ticket. The customer may also end every other way into the account (a linked Google sign-in) with the reset.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, SIX_DIGIT_CODE } from '#domain/contract';
import { assignError } from './lib/assignError';

export type ForgotField = 'email' | 'code' | 'newPassword';
export type ForgotEvent =
  | { type: 'forgot.change'; field: ForgotField; value: string }
  | { type: 'forgot.sendCode' }
  | { type: 'forgot.reset' }
  | { type: 'forgot.toggleRemoveOthers' }
  | { type: 'forgot.resend' }
  | { type: 'forgot.changeEmail' };

/** The server's answer to a code request: its message, and the ticket the code needs. */
export interface CodeRequested {
  message: string;
  ticket: string;
}

export interface ResetInput {
  email: string;
  code: string;
  newPassword: string;
  ticket: string;
  removeOtherSignIns: boolean;
}

interface ForgotContext {
  email: string;
  code: string;
  newPassword: string;
  error: string | null;
  /** What the server said when it sent the code. */
  notice: string | null;
  /** The ticket of the last code request (null before the first). */
  ticket: string | null;
  removeOtherSignIns: boolean;
}

export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotContext;
    events: ForgotEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'busy' | 'codeStep' | 'done';
  },
  actors: {
    requestCode: fromPromise<CodeRequested, { email: string }>(async () => {
      throw new Error('requestCode is not provided');
    }),
    resetPassword: fromPromise<string, ResetInput>(async () => {
      throw new Error('resetPassword is not provided');
    }),
  },
  actions: {
    assignError: assignError<ForgotContext, ForgotEvent>(),
    change: assign(({ event }) => {
      assertEvent(event, 'forgot.change');
      return { [event.field]: event.value, error: null };
    }),
  },
  guards: {
    emailValid: ({ context }) => EMAIL_PATTERN.test(context.email.trim()),
    resetReady: ({ context }) =>
      SIX_DIGIT_CODE.test(context.code.trim()) &&
      context.newPassword.trim().length >= PASSWORD_MIN &&
      context.newPassword.length <= PASSWORD_MAX,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', code: '', newPassword: '', error: null, notice: null, ticket: null, removeOtherSignIns: false },
  initial: 'askingEmail',
  states: {
    askingEmail: {
      on: {
        'forgot.change': { actions: 'change' },
        'forgot.sendCode': { guard: 'emailValid', target: 'sendingCode' },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'enteringCode',
          actions: assign({
            notice: ({ event }) => event.output.message,
            ticket: ({ event }) => event.output.ticket,
            code: '',
          }),
        },
        onError: { target: 'askingEmail', actions: 'assignError' },
      },
    },
    enteringCode: {
      tags: ['codeStep'],
      on: {
        'forgot.change': { actions: 'change' },
        'forgot.toggleRemoveOthers': {
          actions: assign({ removeOtherSignIns: ({ context }) => !context.removeOtherSignIns }),
        },
        'forgot.reset': { guard: 'resetReady', target: 'resetting' },
        'forgot.resend': 'sendingCode',
        'forgot.changeEmail': { target: 'askingEmail', actions: assign({ notice: null, code: '', ticket: null }) },
      },
    },
    resetting: {
      tags: ['busy', 'codeStep'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          email: context.email.trim(),
          code: context.code.trim(),
          newPassword: context.newPassword,
          // Only `enteringCode` leads here, and a code was sent to reach it.
          ticket: context.ticket ?? '',
          removeOtherSignIns: context.removeOtherSignIns,
        }),
        onDone: { target: 'done', actions: assign({ notice: ({ event }) => event.output, newPassword: '' }) },
        onError: { target: 'enteringCode', actions: 'assignError' },
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
});
