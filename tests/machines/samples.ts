/**
 * The sample events, actor outputs and errors each machine is explored with: one list per machine, shared
 * by the machine-level suite (tests/machines) and the browser suite (tests/e2e/model), so both walk the
 * same model.
 */
import type { AnyStateMachine } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import { authMachine } from '../../machines/auth.machine';
import { consentMachine } from '../../machines/consent.machine';
import { GOOGLE_ERRORS, type googleSignInMachine } from '../../machines/googleSignIn.machine';
import type { loginMachine } from '../../machines/login.machine';
import type { orderMachine } from '../../machines/order.machine';
import type { registerMachine } from '../../machines/register.machine';
import type { wizardMachine } from '../../machines/wizard.machine';
import { ada, adaSession, renamedSession } from './fixtures';
import type { PathTestOptions } from '../../toolkit';

type Samples<M extends AnyStateMachine> = Pick<
  PathTestOptions<M>,
  'events' | 'outputs' | 'errors' | 'snapshots' | 'inputs' | 'filterEvents'
>;

/** The client config is asked once per screen: its answer (or failure) comes only while it is awaited. */
function askedOnce(snapshot: { status: string; context: { google: string } }, event: { type: string }): boolean {
  if (!event.type.endsWith('.googleAvailability')) return true;
  return snapshot.status === 'active' && snapshot.context.google === 'checking';
}

export const authSamples: Samples<typeof authMachine> = {
  events: [
    { type: 'auth.signedIn', session: adaSession },
    { type: 'auth.updated', session: renamedSession },
    { type: 'auth.refreshed', user: { ...ada, emailVerified: true } },
    { type: 'auth.logout' },
    { type: 'auth.expired' },
  ],
  outputs: { authenticate: [ada] },
  errors: { authenticate: [new Error('')] },
};

export const loginSamples: Samples<typeof loginMachine> = {
  events: [
    { type: 'login.change', field: 'email', value: 'ada@example.com' },
    { type: 'login.change', field: 'password', value: 'correct horse' },
    { type: 'login.submit' },
    { type: 'login.google' },
  ],
  // The client config: Google sign-in offered, or not.
  outputs: { loginRequest: [adaSession], googleRequest: [adaSession], googleAvailability: [true, false] },
  filterEvents: askedOnce,
};

export const registerSamples: Samples<typeof registerMachine> = {
  events: [
    { type: 'register.change', field: 'name', value: 'Ada Lovelace' },
    { type: 'register.agree', agreed: true },
    { type: 'register.agree', agreed: false },
    { type: 'register.submit' },
    { type: 'register.google' },
  ],
  outputs: { registerRequest: [adaSession], googleRequest: [adaSession], googleAvailability: [true, false] },
  filterEvents: askedOnce,
};

export const wizardService = { title: 'Website Development Consultation', price: 49 };

export const wizardSamples: Samples<typeof wizardMachine> = {
  events: [
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'wizard.chooseApp', choice: 'existing' },
    { type: 'wizard.chooseApp', choice: 'none' },
    { type: 'wizard.changeUrl', value: '  shop.example.com  ' },
    { type: 'wizard.chooseType', serviceType: 'Video Meeting' },
    { type: 'wizard.confirm' },
  ],
  outputs: { createInvoice: [{ paymentLink: 'http://localhost/pay/sandbox/1?sig=abc' }] },
};

export const googleSignInSamples: Samples<typeof googleSignInMachine> = {
  inputs: [{ mode: 'register', state: 'state-1', nonce: 'nonce-1' }],
  events: [
    { type: 'google.callback', accessToken: 'access-1', state: 'state-1' },
    { type: 'google.callback', accessToken: 'access-1', state: 'forged' },
    { type: 'google.providerError', reason: 'access_denied' },
    { type: 'google.closed' },
  ],
  outputs: { exchangeToken: [adaSession] },
  errors: {
    openPopup: [new Error(GOOGLE_ERRORS.popupBlocked)],
    exchangeToken: [new Error('Google did not accept this sign-in.')],
  },
};

export const consentSamples: Samples<typeof consentMachine> = {
  // Accept-on-scroll off (the default) and on, for a first visit and for every stored choice.
  inputs: [
    { stored: null },
    { stored: 'true' },
    { stored: 'false' },
    { stored: 'garbage' },
    { stored: null, acceptOnScroll: true },
    { stored: 'false', acceptOnScroll: true },
  ],
  events: [
    { type: 'consent.accept' },
    { type: 'consent.decline' },
    { type: 'consent.review' },
    // Short of the threshold, exactly at it, and past it.
    { type: 'consent.scrolled', percent: 10 },
    { type: 'consent.scrolled', percent: 25 },
    { type: 'consent.scrolled', percent: 60 },
  ],
};

/**
 * The root app machine: what its children auth and consent pass on. Auth still checking, then signed in
 * or out; consent asking, then decided either way, or reviewing an acceptance.
 */
export const appSnapshots = {
  auth: {
    checking: authMachine.resolveState({ value: 'checking', context: { user: null } }),
    signedIn: authMachine.resolveState({ value: 'signedIn', context: { user: ada } }),
    signedOut: authMachine.resolveState({ value: 'signedOut', context: { user: null } }),
  },
  consent: {
    asking: consentMachine.resolveState({ value: 'asking', context: { choice: null, acceptOnScroll: false } }),
    accepted: consentMachine.resolveState({ value: 'decided', context: { choice: 'true', acceptOnScroll: false } }),
    declined: consentMachine.resolveState({ value: 'decided', context: { choice: 'false', acceptOnScroll: false } }),
    reviewingAccepted: consentMachine.resolveState({
      value: 'reviewing',
      context: { choice: 'true', acceptOnScroll: false },
    }),
  },
};

export const appSamples: Samples<typeof appMachine> = {
  inputs: [{ consent: { stored: null } }],
  events: [],
  snapshots: {
    auth: Object.values(appSnapshots.auth),
    consent: Object.values(appSnapshots.consent),
  },
};

const PAID_AT = '2026-11-23T09:00:00.000Z';

/** A call order and a report order; call times within the promise, after it with a reason, and after it without. */
export const orderSamples: Samples<typeof orderMachine> = {
  inputs: [
    { type: 'Video Meeting', paidAt: null, scheduledAt: null },
    { type: 'PDF Sent to Email', paidAt: null, scheduledAt: null },
  ],
  events: [
    { type: 'order.paid', at: PAID_AT },
    { type: 'order.schedule', at: '2026-11-23T15:00:00.000Z', join: 'https://meet.example/abc', reason: null },
    {
      type: 'order.schedule',
      at: '2026-11-25T15:00:00.000Z',
      join: 'Phone: +44 20 7946 0000',
      reason: 'Customer asked',
    },
    { type: 'order.schedule', at: '2026-11-25T15:00:00.000Z', join: 'https://meet.example/abc', reason: '  ' },
    { type: 'order.sendReport' },
    { type: 'order.deliver' },
  ],
};
