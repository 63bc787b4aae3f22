/**
 * The four-step order wizard: Review, Information, Delivery, Confirmation, moving by one
 * with Back and Next and never past the ends. Confirming creates the invoice, then the browser goes to
 * the returned payment link; on failure loading clears and an error toast shows.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ServiceType } from '#domain/contract';
import { isCallFailure } from '#domain/errorMessage';
import { providedByView } from './lib/providedByView';

export const DEFAULT_SERVICE_TYPE: ServiceType = 'PDF Sent to Email';

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
  /** The text of the last failed order's error toast; a new attempt clears it. */
  error: string | null;
}

/**
 * The error toast's text: what the server said (`message.en`), else the error's own message (the HTTP
 * client's words, such as 'Request failed with status code 502'), else ORDER_FALLBACK_ERROR.
 */
export function orderErrorMessage(error: unknown): string {
  if (isCallFailure(error) && error.serverMessage?.trim()) return error.serverMessage;
  return error instanceof Error && error.message.trim() ? error.message : ORDER_FALLBACK_ERROR;
}

/** The URL the order carries: trimmed, and empty unless an existing website or app was chosen. */
export function orderUrl(context: Pick<WizardContext, 'appChoice' | 'websiteUrl'>): string {
  return context.appChoice === 'existing' ? context.websiteUrl.trim() : '';
}

export const wizardMachine = setup({
  types: {} as {
    context: WizardContext;
    events: WizardEvent;
    input: { service: { title: string; price: number } };
    tags: 'review' | 'information' | 'delivery' | 'confirmation' | 'busy';
  },
  actors: {
    createInvoice: fromPromise<{ paymentLink: string }, OrderInput>(async () => {
      throw new Error('createInvoice is not provided');
    }),
  },
  actions: {
    goToPayment: providedByView<{ paymentLink: string }>(),
    showError: providedByView<{ message: string }>(),
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
    error: null,
  }),
  initial: 'review',
  states: {
    review: {
      tags: ['review'],
      on: { 'wizard.next': 'information' },
    },
    information: {
      tags: ['information'],
      on: {
        'wizard.back': 'review',
        'wizard.next': { guard: 'informationComplete', target: 'delivery' },
        'wizard.chooseApp': { actions: assign({ appChoice: ({ event }) => event.choice }) },
        'wizard.changeUrl': { actions: assign({ websiteUrl: ({ event }) => event.value }) },
      },
    },
    delivery: {
      tags: ['delivery'],
      on: {
        'wizard.back': 'information',
        'wizard.next': 'confirmation',
        'wizard.chooseType': { actions: assign({ serviceType: ({ event }) => event.serviceType }) },
      },
    },
    confirmation: {
      tags: ['confirmation'],
      on: {
        'wizard.back': 'delivery',
        'wizard.confirm': { target: 'checkingOut', actions: assign({ error: null }) },
      },
    },
    /** 'loading' of the order draft: the invoice is being created. */
    checkingOut: {
      // The confirmation step stays on screen, busy, until the browser leaves.
      tags: ['confirmation', 'busy'],
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
          actions: [
            assign({ error: ({ event }) => orderErrorMessage(event.error) }),
            { type: 'showError', params: ({ context }) => ({ message: context.error ?? ORDER_FALLBACK_ERROR }) },
          ],
        },
      },
    },
    /** The browser is on its way to the payment page. */
    redirecting: { type: 'final', tags: ['confirmation', 'busy'] },
  },
});
