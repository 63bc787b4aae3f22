/**
 * The youth-programme application: submit stays disabled until every rule passes; the name cannot grow past
 * 32 characters; submitting sends the trimmed application to the office (the injected `sendApplication`)
 * and shows a spinner for at least 1.5 s; once both are done the form resets and a success toast says 'Your
 * application has been sent successfully'. A failed send keeps the form as typed and says why in the toast.
 *
 * `website` is a honeypot: a field people never see, which robots fill in; the server drops an application
 * that has one.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '#domain/errorMessage';
import {
  validateYouth,
  validateYouthField,
  YOUTH_AGE_MIN,
  YOUTH_NAME_MAX,
  type YouthErrors,
  type YouthField,
  type YouthValues,
} from '#domain/validation';
import { providedByView } from './lib/providedByView';

export const YOUTH_SUBMIT_DELAY_MS = 1500;

export type YouthEvent =
  | { type: 'youth.change'; field: Exclude<YouthField, 'age'>; value: string }
  | { type: 'youth.changeAge'; age: number }
  | { type: 'youth.trap'; value: string }
  | { type: 'youth.submit' };

/** What is sent: the trimmed application and the honeypot. */
export type YouthApplication = YouthValues & { website: string };

interface YouthContext {
  values: YouthValues;
  /** Errors of the fields the applicant has touched; untouched empty fields are not scolded. */
  errors: YouthErrors;
  /** The honeypot's value (empty for people). */
  website: string;
}

export const emptyYouthValues: YouthValues = {
  fullName: '',
  emailAddress: '',
  phoneNumber: '',
  age: YOUTH_AGE_MIN,
  joinCause: '',
};

function withField(values: YouthValues, field: YouthField, value: string | number): YouthValues {
  return { ...values, [field]: value };
}

export const youthApplicationMachine = setup({
  types: {} as { context: YouthContext; events: YouthEvent; tags: 'busy' },
  actors: {
    sendApplication: fromPromise<string, YouthApplication>(async () => {
      throw new Error('sendApplication is not provided');
    }),
  },
  actions: {
    /** A toast says the application is on its way; the same toast then says it was sent, or why not. */
    announceSending: providedByView(),
    announceSent: providedByView(),
    announceFailed: providedByView<{ message: string }>(),
  },
  guards: {
    fitsNameLimit: ({ event }) =>
      event.type !== 'youth.change' || event.field !== 'fullName' || event.value.length <= YOUTH_NAME_MAX,
    allValid: ({ context }) => Object.keys(validateYouth(context.values)).length === 0,
  },
  delays: { submitDelay: YOUTH_SUBMIT_DELAY_MS },
}).createMachine({
  id: 'youthApplication',
  context: { values: emptyYouthValues, errors: {}, website: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'youth.change': {
          guard: 'fitsNameLimit',
          actions: assign(({ context, event }) => {
            const values = withField(context.values, event.field, event.value);
            return {
              values,
              errors: { ...context.errors, [event.field]: validateYouthField(event.field, values) ?? undefined },
            };
          }),
        },
        'youth.changeAge': {
          actions: assign(({ context, event }) => {
            const values = withField(context.values, 'age', event.age);
            return { values, errors: { ...context.errors, age: validateYouthField('age', values) ?? undefined } };
          }),
        },
        'youth.trap': { actions: assign({ website: ({ event }) => event.value }) },
        'youth.submit': { guard: 'allValid', target: 'submitting', actions: 'announceSending' },
      },
    },
    /** The request and the spinner's minimum run side by side; the form resets when both are done. */
    submitting: {
      tags: ['busy'],
      type: 'parallel',
      states: {
        request: {
          initial: 'sending',
          states: {
            sending: {
              invoke: {
                id: 'sendApplication',
                src: 'sendApplication',
                input: ({ context }) => ({
                  ...context.values,
                  fullName: context.values.fullName.trim(),
                  emailAddress: context.values.emailAddress.trim(),
                  phoneNumber: context.values.phoneNumber.trim(),
                  joinCause: context.values.joinCause.trim(),
                  website: context.website,
                }),
                onDone: 'sent',
                onError: {
                  target: '#youthApplication.editing',
                  actions: { type: 'announceFailed', params: ({ event }) => ({ message: errorMessage(event.error) }) },
                },
              },
            },
            sent: { type: 'final' },
          },
        },
        minimum: {
          initial: 'waiting',
          states: {
            waiting: { after: { submitDelay: 'passed' } },
            passed: { type: 'final' },
          },
        },
      },
      onDone: {
        target: 'editing',
        actions: [assign({ values: emptyYouthValues, errors: {} }), 'announceSent'],
      },
    },
  },
});
