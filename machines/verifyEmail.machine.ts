/**
 * E-mail verification from the profile: send a code, enter it, and the address is verified. A customer who
 * already has a code (the one mailed at sign-up) enters it without asking for another, which would replace it.
 */
import { assign, fromPromise, setup } from 'xstate';
import { SIX_DIGIT_CODE } from '#domain/contract';
import type { User } from '#domain/types';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

export type VerifyEvent =
  | { type: 'verify.start' }
  | { type: 'verify.enterCode' }
  | { type: 'verify.change'; code: string }
  | { type: 'verify.submit' }
  | { type: 'verify.resend' }
  | { type: 'verify.cancel' };

interface VerifyContext {
  code: string;
  error: string | null;
}

export const verifyEmailMachine = setup({
  types: {} as {
    context: VerifyContext;
    events: VerifyEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'sending' | 'codeStep' | 'checking';
  },
  actors: {
    sendCode: fromPromise<void>(async () => {
      throw new Error('sendCode is not provided');
    }),
    confirmCode: fromPromise<User, { code: string }>(async () => {
      throw new Error('confirmCode is not provided');
    }),
  },
  actions: {
    assignError: assignError<VerifyContext, VerifyEvent>(),
    storeUser: providedByView<User>(),
  },
  guards: {
    codeComplete: ({ context }) => SIX_DIGIT_CODE.test(context.code.trim()),
  },
}).createMachine({
  id: 'verifyEmail',
  context: { code: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'verify.start': { target: 'sending', actions: assign({ error: null }) },
        'verify.enterCode': { target: 'awaitingCode', actions: assign({ error: null }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: 'awaitingCode',
        onError: { target: 'idle', actions: 'assignError' },
      },
    },
    awaitingCode: {
      tags: ['codeStep'],
      on: {
        'verify.change': { actions: assign({ code: ({ event }) => event.code, error: null }) },
        'verify.submit': { guard: 'codeComplete', target: 'checking' },
        'verify.resend': { target: 'sending', actions: assign({ code: '' }) },
        'verify.cancel': { target: 'idle', actions: assign({ code: '', error: null }) },
      },
    },
    checking: {
      tags: ['codeStep', 'checking'],
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: { target: 'verified', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: { target: 'awaitingCode', actions: 'assignError' },
      },
    },
    verified: { type: 'final' },
  },
});
