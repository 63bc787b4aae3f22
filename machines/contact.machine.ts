/**
 * The contact form (docs/product.md#screens, docs/product.md#validation): values are trimmed and checked on
 * submit; each field's error clears when it is typed in; a valid submit is sent to the office (`sending`,
 * the injected `sendMessage`), then a success alert shows and the fields clear. A failed send keeps the
 * fields and shows the reason above the button, until the visitor types or sends again.
 *
 * `website` is a honeypot: a field people never see (the page hides it), which robots fill in. Its value is
 * sent along, and the server drops a message that has one.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '#domain/errorMessage';
import { type ContactErrors, type ContactValues, validateContact } from '#domain/validation';

export type ContactField = keyof ContactValues;
export type ContactEvent =
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'contact.trap'; value: string }
  | { type: 'contact.submit' }
  | { type: 'contact.dismiss' };

/** What is sent: the trimmed message and the honeypot. */
export type ContactMessage = ContactValues & { website: string };

interface ContactContext {
  values: ContactValues;
  errors: ContactErrors;
  /** The honeypot's value (empty for people). */
  website: string;
  /** The last message sent (trimmed), for the success alert's thanks. */
  message: ContactValues | null;
  /** Why the last send failed; null when it did not. */
  failure: string | null;
}

const empty: ContactValues = { name: '', email: '', message: '' };

const trimmed = (values: ContactValues): ContactValues => ({
  name: values.name.trim(),
  email: values.email.trim(),
  message: values.message.trim(),
});

export const contactMachine = setup({
  types: {} as { context: ContactContext; events: ContactEvent; tags: 'busy' | 'sent' },
  actors: {
    sendMessage: fromPromise<string, ContactMessage>(async () => {
      throw new Error('sendMessage is not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateContact(context.values)).length === 0,
  },
}).createMachine({
  id: 'contact',
  context: { values: empty, errors: {}, website: '', message: null, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'contact.change': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            errors: { ...context.errors, [event.field]: undefined },
            failure: null,
          })),
        },
        'contact.trap': { actions: assign({ website: ({ event }) => event.value }) },
        'contact.submit': [
          { guard: 'isValid', target: 'sending', actions: assign({ errors: {}, failure: null }) },
          { actions: assign({ errors: ({ context }) => validateContact(context.values) }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({ ...trimmed(context.values), website: context.website }),
        onDone: {
          target: 'sent',
          actions: assign(({ context }) => ({ message: trimmed(context.values), values: empty, errors: {} })),
        },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => errorMessage(event.error) }) },
      },
    },
    /** The success alert shows until it is dismissed or the visitor starts a new message. */
    sent: {
      tags: ['sent'],
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
