/**
 * The profile's "Billing details" section (docs/product.md#billing-details). The saved details are read first
 * (`loading`; a failed read says so with "Try again", `failed`), then shown in the form (`editing`). Every change
 * is judged by the shared rules at once, each field's message under it. "Save billing details" is taken only when
 * the details differ from the saved ones (in their normal form: a space added is no change) and every rule
 * passes; `saving` sends the text as typed and shows what the server kept. A refusal shows the server's text and
 * keeps what was typed; the next change or save clears it.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  type BillingErrors,
  type BillingField,
  type BillingValues,
  billingValues,
  normalizeBilling,
  sameBilling,
  validateBilling,
} from '#domain/billing';
import type { BillingDetails } from '#domain/billingContract';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

export type BillingDetailsEvent =
  | { type: 'billing.change'; field: BillingField; value: string }
  | { type: 'billing.submit' }
  | { type: 'billing.retry' };

export interface BillingDetailsContext {
  /** What the server holds, as last read or saved; null until the first read. */
  saved: BillingDetails | null;
  values: BillingValues;
  /** The rules' message per field, for what is typed now. */
  errors: BillingErrors;
  /** The server's last refusal, or why the details could not be read. */
  error: string | null;
}

const empty: BillingValues = { billingName: '', address: '', vatNumber: '' };

/** Whether "Save billing details" is taken: something differs from the saved details, and every rule passes. */
export function canSaveBilling(context: Pick<BillingDetailsContext, 'saved' | 'values' | 'errors'>): boolean {
  const { saved, values, errors } = context;
  if (saved === null || Object.keys(errors).length > 0) return false;
  return !sameBilling(normalizeBilling(values), saved);
}

/** The saved details shown in the form, with nothing to complain about and no refusal. */
function showing(saved: BillingDetails): BillingDetailsContext {
  return { saved, values: billingValues(saved), errors: {}, error: null };
}

export const billingDetailsMachine = setup({
  types: {} as {
    context: BillingDetailsContext;
    events: BillingDetailsEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'loading' | 'failed' | 'form' | 'saving';
  },
  actors: {
    loadBilling: fromPromise<BillingDetails>(async () => {
      throw new Error('loadBilling is not provided');
    }),
    saveBilling: fromPromise<BillingDetails, BillingValues>(async () => {
      throw new Error('saveBilling is not provided');
    }),
  },
  actions: {
    assignError: assignError<BillingDetailsContext, BillingDetailsEvent>(),
    announceSaved: providedByView(),
  },
  guards: {
    canSave: ({ context }) => canSaveBilling(context),
  },
}).createMachine({
  id: 'billingDetails',
  context: { saved: null, values: empty, errors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBilling',
        src: 'loadBilling',
        onDone: { target: 'editing', actions: assign(({ event }) => showing(event.output)) },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'billing.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      tags: ['form'],
      on: {
        'billing.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            return { values, errors: validateBilling(values), error: null };
          }),
        },
        'billing.submit': { guard: 'canSave', target: 'saving', actions: assign({ error: null }) },
      },
    },
    saving: {
      tags: ['form', 'saving'],
      invoke: {
        id: 'saveBilling',
        src: 'saveBilling',
        input: ({ context }) => context.values,
        onDone: { target: 'editing', actions: [assign(({ event }) => showing(event.output)), 'announceSaved'] },
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
  },
});
