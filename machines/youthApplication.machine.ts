/**
 * The youth-programme application: submit stays disabled until every rule passes; the
 * name cannot grow past 32 characters; submitting shows a spinner, then after 1.5 s the form resets
 * and a success toast says 'Your application has been sent successfully'. Nothing is sent anywhere:
 * the checked application is kept (trimmed) so the page can offer it as an e-mail to the programme.
 */
import { assign, setup } from 'xstate';
import {
  validateYouth,
  validateYouthField,
  YOUTH_AGE_MIN,
  YOUTH_NAME_MAX,
  type YouthErrors,
  type YouthField,
  type YouthValues,
} from '../domain/validation';

export const YOUTH_SUBMIT_DELAY_MS = 1500;

export type YouthEvent =
  | { type: 'youth.change'; field: Exclude<YouthField, 'age'>; value: string }
  | { type: 'youth.changeAge'; age: number }
  | { type: 'youth.submit' };

interface YouthContext {
  values: YouthValues;
  /** Errors of the fields the applicant has touched; untouched empty fields are not scolded. */
  errors: YouthErrors;
  /** The last application that passed every rule, trimmed, for the applicant to e-mail. */
  application: YouthValues | null;
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
  // Stryker disable next-line ObjectLiteral: setup() reads no `types` at run time: they exist for TypeScript
  types: { context: {} as YouthContext, events: {} as YouthEvent },
  // Stryker disable next-line ObjectLiteral: these do nothing, as xstate does for an unimplemented action
  actions: {
    /** A toast says the application is on its way; the same toast then says it was sent. */
    announceSending: () => {},
    announceSent: () => {},
  },
  guards: {
    fitsNameLimit: ({ event }) =>
      event.type !== 'youth.change' || event.field !== 'fullName' || event.value.length <= YOUTH_NAME_MAX,
    allValid: ({ context }) => Object.keys(validateYouth(context.values)).length === 0,
  },
  delays: { submitDelay: YOUTH_SUBMIT_DELAY_MS },
}).createMachine({
  id: 'youthApplication',
  context: { values: emptyYouthValues, errors: {}, application: null },
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
        'youth.submit': { guard: 'allValid', target: 'submitting', actions: 'announceSending' },
      },
    },
    submitting: {
      after: {
        submitDelay: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              application: {
                ...context.values,
                fullName: context.values.fullName.trim(),
                emailAddress: context.values.emailAddress.trim(),
                phoneNumber: context.values.phoneNumber.trim(),
                joinCause: context.values.joinCause.trim(),
              },
              values: emptyYouthValues,
              errors: {},
            })),
            'announceSent',
          ],
        },
      },
    },
  },
});
