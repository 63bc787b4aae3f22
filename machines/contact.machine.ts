/**
 * The contact form (docs/product.md#screens, docs/product.md#validation): values are trimmed and checked on
 * submit; each field's error clears when it is typed in; a valid submit shows a success alert and clears the
 * fields. Nothing is sent to a server: the alert offers the message as an e-mail to the support address.
 */
import { assign, setup } from 'xstate';
import { type ContactErrors, type ContactValues, validateContact } from '../domain/validation';

export type ContactField = keyof ContactValues;
export type ContactEvent =
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'contact.submit' }
  | { type: 'contact.dismiss' };

interface ContactContext {
  values: ContactValues;
  errors: ContactErrors;
  /** The last valid message (trimmed), kept so the visitor can still e-mail it after the fields clear. */
  message: ContactValues | null;
}

const empty: ContactValues = { name: '', email: '', message: '' };

export const contactMachine = setup({
  // Stryker disable next-line ObjectLiteral: setup() reads no `types` at run time: they exist for TypeScript
  types: { context: {} as ContactContext, events: {} as ContactEvent },
  guards: {
    isValid: ({ context }) => Object.keys(validateContact(context.values)).length === 0,
  },
}).createMachine({
  id: 'contact',
  context: { values: empty, errors: {}, message: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'contact.change': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            errors: { ...context.errors, [event.field]: undefined },
          })),
        },
        'contact.submit': [
          {
            guard: 'isValid',
            target: 'sent',
            actions: assign(({ context }) => ({
              message: {
                name: context.values.name.trim(),
                email: context.values.email.trim(),
                message: context.values.message.trim(),
              },
              values: empty,
              errors: {},
            })),
          },
          { actions: assign({ errors: ({ context }) => validateContact(context.values) }) },
        ],
      },
    },
    /** The success alert shows until it is dismissed or the visitor starts a new message. */
    sent: {
      on: {
        'contact.dismiss': 'editing',
        'contact.change': {
          target: 'editing',
          actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value } })),
        },
      },
    },
  },
});
