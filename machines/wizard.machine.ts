/**
 * The four-step order wizard (SPEC 2, 4): Review, Information, Delivery, Confirmation, moving by one
 * with Back and Next and never past the ends. Confirming creates the invoice, then the browser goes to
 * the returned payment link; on failure loading clears and an error toast shows.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ServiceType } from '../src/api/contract';

export const DEFAULT_SERVICE_TYPE: ServiceType = 'PDF Sent to Email';

/** What the Delivery step offers, in the spec's words, for each order-draft value. */
export const DELIVERY_LABELS: Record<ServiceType, string> = {
  'PDF Sent to Email': 'PDF file sent to my email',
  'Video Meeting': 'Video meeting',
  'Phone Call': 'Audio call',
};

export const ORDER_FALLBACK_ERROR = 'Something went wrong.';

export type AppChoice = 'none' | 'existing';

export interface OrderInput {
  amount: number;
  title: string;
  type: ServiceType;
  url: string;
}

export type WizardEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.chooseApp'; choice: AppChoice }
  | { type: 'wizard.changeUrl'; value: string }
  | { type: 'wizard.chooseType'; serviceType: ServiceType }
  | { type: 'wizard.confirm' };

interface WizardContext {
  service: { title: string; price: number };
  appChoice: AppChoice;
  websiteUrl: string;
  serviceType: ServiceType;
}

/** SPEC 8: message.en (already the Error's message from the API client), else its own, else the fallback. */
export function orderErrorMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : ORDER_FALLBACK_ERROR;
}

/** The URL the order carries: trimmed, and empty unless an existing website or app was chosen. */
export function orderUrl(context: Pick<WizardContext, 'appChoice' | 'websiteUrl'>): string {
  return context.appChoice === 'existing' ? context.websiteUrl.trim() : '';
}

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as { service: { title: string; price: number } },
  },
  actors: {
    createInvoice: fromPromise<{ paymentLink: string }, OrderInput>(async () => {
      throw new Error('createInvoice is not provided');
    }),
  },
  actions: {
    goToPayment: (_, _params: { paymentLink: string }) => {},
    showError: (_, _params: { message: string }) => {},
  },
  guards: {
    /** The website input is required once an existing website or app is chosen. */
    informationComplete: ({ context }) => context.appChoice === 'none' || orderUrl(context) !== '',
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    service: input.service,
    appChoice: 'none',
    websiteUrl: '',
    serviceType: DEFAULT_SERVICE_TYPE,
  }),
  initial: 'review',
  states: {
    review: {
      on: { 'wizard.next': 'information' },
    },
    information: {
      on: {
        'wizard.back': 'review',
        'wizard.next': { guard: 'informationComplete', target: 'delivery' },
        'wizard.chooseApp': { actions: assign({ appChoice: ({ event }) => event.choice }) },
        'wizard.changeUrl': { actions: assign({ websiteUrl: ({ event }) => event.value }) },
      },
    },
    delivery: {
      on: {
        'wizard.back': 'information',
        'wizard.next': 'confirmation',
        'wizard.chooseType': { actions: assign({ serviceType: ({ event }) => event.serviceType }) },
      },
    },
    confirmation: {
      on: {
        'wizard.back': 'delivery',
        'wizard.confirm': 'checkingOut',
      },
    },
    /** 'loading' of the order draft: the invoice is being created. */
    checkingOut: {
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context }) => ({
          amount: context.service.price,
          title: context.service.title,
          type: context.serviceType,
          url: orderUrl(context),
        }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'goToPayment', params: ({ event }) => ({ paymentLink: event.output.paymentLink }) },
        },
        onError: {
          target: 'confirmation',
          actions: { type: 'showError', params: ({ event }) => ({ message: orderErrorMessage(event.error) }) },
        },
      },
    },
    /** The browser is on its way to the payment page. */
    redirecting: { type: 'final' },
  },
});
