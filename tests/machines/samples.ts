/**
 * The sample events, actor outputs and errors each machine is explored with: one list per machine, shared
 * by the machine-level suite (tests/machines) and the browser suite (tests/e2e/model), so both walk the
 * same model.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { appMachine } from '#machines/app.machine';
import { authMachine } from '#machines/auth.machine';
import { consentMachine } from '#machines/consent.machine';
import { GOOGLE_ERRORS, type googleSignInMachine } from '#machines/googleSignIn.machine';
import type { loginMachine } from '#machines/login.machine';
import type { downloadMachine } from '#machines/download.machine';
import { draftFor, needsReason, type officeQueueMachine } from '#machines/officeQueue.machine';
import type { officeStaffMachine } from '#machines/officeStaff.machine';
import type { orderMachine } from '#machines/order.machine';
import type { registerMachine } from '#machines/register.machine';
import type { signOutEverywhereMachine } from '#machines/signOutEverywhere.machine';
import type { wizardMachine } from '#machines/wizard.machine';
import {
  ada,
  adaSession,
  callDelivered,
  callPaid,
  callScheduled,
  OFFICE_NOW,
  OFFICE_ZONE,
  renamedSession,
  reportPaid,
  reportSent,
  staffAdmin,
  staffOffice,
} from './fixtures';
import type { PathTestOptions } from '#toolkit';

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
    { type: 'login.changeCode', code: '123456' },
    { type: 'login.changeCode', code: '12345' },
    // A recovery code as typed: any case, the hyphen optional.
    { type: 'login.changeCode', code: 'k7Qm2xPd' },
    { type: 'login.confirmCode' },
    { type: 'login.useRecoveryCode' },
    { type: 'login.useAppCode' },
    { type: 'login.back' },
  ],
  // The password answers a session or asks for the e-mailed code or the app's; the e-mailed code of an account
  // with an app asks for the app's next, as Google's answer may; the client config: Google offered, or not.
  outputs: {
    loginRequest: [
      adaSession,
      { secondStep: { kind: 'email-code', ticket: 'T'.repeat(43) } },
      { secondStep: { kind: 'totp', ticket: 'A'.repeat(43) } },
    ],
    secondStepRequest: [adaSession, { secondStep: { kind: 'totp', ticket: 'A'.repeat(43) } }],
    appCodeRequest: [adaSession],
    recoveryCodeRequest: [adaSession],
    googleRequest: [adaSession, { secondStep: { kind: 'totp', ticket: 'A'.repeat(43) } }],
    googleAvailability: [true, false],
  },
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
  // A session, or the authenticator app's step an account with one asks for.
  outputs: { exchangeToken: [adaSession, { secondStep: { kind: 'totp', ticket: 'A'.repeat(43) } }] },
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
    // The customer's own choice: later than the promise, with no reason asked.
    { type: 'order.book', at: '2026-11-26T10:00:00.000Z' },
    { type: 'order.cancelBooking' },
    { type: 'order.sendReport' },
    // Before the call within the promise, and after every call time above.
    { type: 'order.deliver', at: '2026-11-23T14:00:00.000Z' },
    { type: 'order.deliver', at: '2026-11-25T16:00:00.000Z' },
  ],
};

/**
 * The office page: opened plainly and from the office e-mail's link; lists before and after the office's
 * changes; a call time within the promise and one after it, on the company's clock; a PDF and a file that is
 * not one.
 */
const emptyDraft = { at: '', join: '', reason: '' };

export const officeQueueSamples: Samples<typeof officeQueueMachine> = {
  inputs: [
    { now: OFFICE_NOW, timeZone: OFFICE_ZONE },
    { orderId: reportPaid.id, now: OFFICE_NOW, timeZone: OFFICE_ZONE },
  ],
  events: [
    { type: 'office.switchView', view: 'delivered' },
    { type: 'office.switchView', view: 'queue' },
    { type: 'office.reload' },
    { type: 'office.select', id: callPaid.id },
    { type: 'office.select', id: reportPaid.id },
    { type: 'office.deselect' },
    { type: 'office.editSchedule', field: 'at', value: '2026-11-23T15:00' },
    { type: 'office.editSchedule', field: 'at', value: '2026-11-25T15:00' },
    { type: 'office.editSchedule', field: 'join', value: 'https://meet.example/abc' },
    { type: 'office.editSchedule', field: 'reason', value: 'The customer asked for Wednesday' },
    { type: 'office.schedule' },
    { type: 'office.chooseReport', file: { type: 'application/pdf', size: 2048 } },
    { type: 'office.chooseReport', file: { type: 'text/plain', size: 12 } },
    { type: 'office.sendReport' },
    { type: 'office.deliver' },
    { type: 'office.confirm' },
    { type: 'office.cancel' },
  ],
  outputs: {
    loadOrders: [
      [callPaid, reportPaid],
      [callScheduled, reportSent],
    ],
    // The address's order: one in the queue, and one delivered (its list, not the queue, loads next).
    loadOrder: [reportPaid, callDelivered],
    scheduleCall: [callScheduled],
    uploadReport: [reportSent],
    deliverOrder: [callDelivered],
  },
  errors: {
    loadOrders: [new Error('Network Error')],
    loadOrder: [new Error('No such order.')],
    scheduleCall: [new Error('A call later than the one-day promise needs a reason.')],
    uploadReport: [new Error('The report must be a PDF of at most 10 MB.')],
    deliverOrder: [new Error('Network Error')],
  },
  // The form is there only for a call that may still be scheduled (its reason field only for a time after the
  // promise), the file input only for a report order. The countdown's tick, a reload and a switch of list do
  // the same whatever was typed into the form: they are offered only while the form is untouched.
  filterEvents: (snapshot, event) => {
    const selected = snapshot.context.selected;
    const untouched =
      JSON.stringify(snapshot.context.draft) ===
      JSON.stringify(selected ? draftFor(selected, snapshot.context.timeZone) : emptyDraft);
    // The confirmation dialog is modal: while it is open only its two buttons can be reached, and they are
    // there only then.
    const confirmation = event.type === 'office.confirm' || event.type === 'office.cancel';
    if (snapshot.matches({ desk: 'confirmingDelivery' })) return confirmation;
    if (confirmation) return false;
    if (event.type.startsWith('xstate.after.')) return selected === null && snapshot.matches({ desk: 'ready' });
    if (event.type === 'office.reload') return untouched;
    // The tabs switch to another list; the one shown is already there.
    if (event.type === 'office.switchView') return untouched && event.view !== snapshot.context.view;
    if (event.type === 'office.editSchedule' && event.field === 'reason' && !needsReason(snapshot.context)) {
      return false;
    }
    if (event.type === 'office.editSchedule' || event.type === 'office.schedule') {
      return selected !== null && selected.service.type !== 'PDF Sent to Email' && selected.status !== 'delivered';
    }
    if (event.type === 'office.chooseReport' || event.type === 'office.sendReport') {
      return selected !== null && selected.service.type === 'PDF Sent to Email' && selected.status !== 'delivered';
    }
    if (event.type === 'office.deselect' || event.type === 'office.deliver') return selected !== null;
    return true;
  },
};

/**
 * How office-page states are told apart. The clock's reading changes with every tick and decides nothing, and
 * the list's name only what is asked for: both are left out.
 */
export const officeQueueState = (s: SnapshotFrom<typeof officeQueueMachine>) =>
  JSON.stringify({
    value: s.value,
    listed: s.context.orders.map((order) => order.status),
    selected: s.context.selected && `${s.context.selected.id}:${s.context.selected.status}`,
    opening: s.context.opening,
    draft: s.context.draft,
    report: s.context.report?.type ?? null,
  });

/**
 * The admin's staff panel: a grant by address (and a malformed one), a revocation of an office member and of an
 * admin, confirmed or cancelled.
 */
export const officeStaffSamples: Samples<typeof officeStaffMachine> = {
  events: [
    { type: 'staff.changeEmail', value: '  olive@example.com ' },
    { type: 'staff.changeEmail', value: 'not an address' },
    { type: 'staff.grant' },
    { type: 'staff.revoke', id: staffOffice.id },
    { type: 'staff.revoke', id: staffAdmin.id },
    { type: 'staff.confirm' },
    { type: 'staff.cancel' },
    { type: 'staff.reload' },
  ],
  outputs: {
    loadStaff: [[staffAdmin, staffOffice]],
    grantOffice: [[staffAdmin, staffOffice]],
    revokeOffice: [[staffAdmin]],
  },
  errors: {
    loadStaff: [new Error('Network Error')],
    grantOffice: [new Error('No account uses this e-mail address.')],
    revokeOffice: [new Error('Network Error')],
  },
};

export const downloadSamples: Samples<typeof downloadMachine> = {
  inputs: [{ url: '/api/orders/inv-1/report', fileName: 'report.pdf' }],
  events: [{ type: 'download.start' }],
  outputs: {
    fetchFile: [
      { blob: { size: 2048, type: 'application/pdf' }, fileName: 'audit.pdf' },
      { blob: { size: 2048, type: 'application/pdf' }, fileName: null },
    ],
  },
  errors: { fetchFile: [new Error('Network Error')] },
};

export const signOutEverywhereSamples: Samples<typeof signOutEverywhereMachine> = {
  events: [
    { type: 'signOutEverywhere.start' },
    { type: 'signOutEverywhere.confirm' },
    { type: 'signOutEverywhere.cancel' },
  ],
  outputs: { endOtherSessions: ['Signed out on one other device. This device stays signed in.'] },
  errors: { endOtherSessions: [new Error('Network Error')] },
};
