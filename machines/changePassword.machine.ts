/**
 * The Change password page (docs/product.md#screens, #validation, #errors): old, new and confirm, each with
 * a show/hide toggle; Apply is disabled unless each trimmed field is 8 to 128 characters (matching is the
 * server's check). Success stores the returned user and token; failure shows red text above the button.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PASSWORD_MAX, PASSWORD_MIN } from '#domain/contract';
import type { Session } from '#domain/types';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type ChangePasswordEvent =
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.toggleVisibility'; field: PasswordField }
  | { type: 'password.submit' };

type Values = Record<PasswordField, string>;

interface ChangePasswordContext {
  values: Values;
  visible: Record<PasswordField, boolean>;
  error: string | null;
}

export const PASSWORD_FIELDS: readonly PasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];

export function passwordsFilled(values: Values): boolean {
  return PASSWORD_FIELDS.every((field) => {
    const length = values[field].trim().length;
    return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
  });
}

const empty: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

export const changePasswordMachine = setup({
  types: {} as {
    context: ChangePasswordContext;
    events: ChangePasswordEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'saving';
  },
  actors: {
    changePassword: fromPromise<Session, Values>(async () => {
      throw new Error('changePassword is not provided');
    }),
  },
  actions: {
    assignError: assignError<ChangePasswordContext, ChangePasswordEvent>(),
    storeSession: providedByView<Session>(),
    announceChanged: providedByView(),
  },
  guards: {
    filled: ({ context }) => passwordsFilled(context.values),
  },
}).createMachine({
  id: 'changePassword',
  context: { values: empty, visible: { oldPassword: false, newPassword: false, confirmPassword: false }, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.change': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value } })),
        },
        'password.toggleVisibility': {
          actions: assign({
            visible: ({ context, event }) => ({ ...context.visible, [event.field]: !context.visible[event.field] }),
          }),
        },
        'password.submit': { guard: 'filled', target: 'saving', actions: assign({ error: null }) },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: {
          target: 'editing',
          actions: [
            { type: 'storeSession', params: ({ event }) => event.output },
            assign({ values: empty }),
            'announceChanged',
          ],
        },
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
  },
});
