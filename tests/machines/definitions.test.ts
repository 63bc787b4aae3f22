/**
 * Each machine's module loads, and its machine starts where its screen starts. The modules are imported inside
 * the tests, not at the top: a machine whose definition is broken (an initial state that does not exist, say)
 * throws when its module loads, and StrykerJS's vitest runner counts failed tests only, not a test file that
 * could not be collected. So this file imports no machine module at its top, not even through a helper.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

describe('machine definitions: each loads and starts where its screen starts', () => {
  it('signOutEverywhere: nothing asked yet', async () => {
    const { signOutEverywhereMachine } = await import('#machines/signOutEverywhere.machine');
    const snapshot = createActor(signOutEverywhereMachine).getSnapshot();
    expect(snapshot.value).toBe('idle');
  });

  it('toasts: no toast, numbering from 1', async () => {
    const { toastsMachine } = await import('#machines/toasts.machine');
    const snapshot = createActor(toastsMachine).getSnapshot();
    expect(snapshot.value).toBe('showing');
    expect(snapshot.context).toStrictEqual({ toasts: [], nextId: 1 });
  });

  it('youthApplication: an empty form, age 18, no errors, an empty honeypot', async () => {
    const { youthApplicationMachine } = await import('#machines/youthApplication.machine');
    const snapshot = createActor(youthApplicationMachine).getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toStrictEqual({
      values: { fullName: '', emailAddress: '', phoneNumber: '', age: 18, joinCause: '' },
      errors: {},
      website: '',
    });
  });

  it('appStart: the splash, its first message, the sign-in check pending, no consent yet', async () => {
    const { appStartMachine } = await import('#machines/appStart.machine');
    const snapshot = createActor(appStartMachine).getSnapshot();
    expect(snapshot.value).toEqual({ splash: { message: 'moment', auth: 'pending' } });
    expect(snapshot.context).toStrictEqual({ consentAccepted: false });
  });

  it('consent: asking without a stored choice, decided with one', async () => {
    const { consentMachine } = await import('#machines/consent.machine');
    const asking = createActor(consentMachine, { input: { stored: null } }).getSnapshot();
    expect(asking.value).toBe('asking');
    expect(asking.context).toStrictEqual({ choice: null, acceptOnScroll: false });
    const decided = createActor(consentMachine, { input: { stored: 'false', acceptOnScroll: true } }).getSnapshot();
    expect(decided.value).toBe('decided');
    expect(decided.context).toStrictEqual({ choice: 'false', acceptOnScroll: true });
  });

  it('login: editing empty fields, the Google check under way', async () => {
    const { loginMachine } = await import('#machines/login.machine');
    const snapshot = createActor(loginMachine).getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toStrictEqual({
      email: '',
      password: '',
      error: null,
      google: 'checking',
      secondStep: null,
      code: '',
    });
  });

  it('register: editing empty fields, the terms box unticked, the Google check under way', async () => {
    const { registerMachine } = await import('#machines/register.machine');
    const snapshot = createActor(registerMachine).getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toStrictEqual({
      name: '',
      email: '',
      password: '',
      agreed: false,
      error: null,
      google: 'checking',
    });
  });

  it('order: awaiting payment, with the context its row gives', async () => {
    const { orderMachine } = await import('#machines/order.machine');
    const input = { type: 'Phone Call' as const, paidAt: null, scheduledAt: null };
    const snapshot = createActor(orderMachine, { input }).getSnapshot();
    expect(snapshot.value).toBe('awaitingPayment');
    expect(snapshot.context).toStrictEqual(input);
  });

  it('app: its regions checking and awaiting, its four children under their system ids', async () => {
    const { appMachine } = await import('#machines/app.machine');
    const app = createActor(appMachine, { input: { consent: { stored: null } } }).start();
    expect(app.getSnapshot().value).toEqual({ auth: 'checking', consent: 'awaiting' });
    expect(app.getSnapshot().context).toStrictEqual({ consent: { stored: null } });
    for (const id of ['toasts', 'appStart', 'auth', 'consent'] as const) {
      expect(app.system.get(id), id).toBe(app.getSnapshot().children[id]);
    }
    app.stop();
  });

  it('deleteAccount: the link when nothing is scheduled, the notice when a deletion is', async () => {
    const { deleteAccountMachine } = await import('#machines/deleteAccount.machine');
    const none = createActor(deleteAccountMachine, { input: { role: 'common', deletionScheduledFor: null } });
    expect(none.getSnapshot().value).toEqual({ active: 'idle' });
    expect(none.getSnapshot().context).toStrictEqual({ role: 'common', deletionScheduledFor: null, error: null });
    const due = '2026-12-10T09:00:00.000Z';
    const scheduled = createActor(deleteAccountMachine, { input: { role: 'office', deletionScheduledFor: due } });
    expect(scheduled.getSnapshot().value).toEqual({ scheduled: 'idle' });
    expect(scheduled.getSnapshot().context).toStrictEqual({ role: 'office', deletionScheduledFor: due, error: null });
  });

  it('officeQueue: the queue loading, or the linked order opening first', async () => {
    const { officeQueueMachine } = await import('#machines/officeQueue.machine');
    const plain = createActor(officeQueueMachine, { input: { now: 0, timeZone: 'Europe/London' } }).getSnapshot();
    expect(plain.value).toEqual({ clock: 'ticking', desk: 'loading' });
    expect(plain.context.view).toBe('queue');
    const linked = createActor(officeQueueMachine, {
      input: { orderId: 'order-1', now: 0, timeZone: 'Europe/London' },
    }).getSnapshot();
    expect(linked.value).toEqual({ clock: 'ticking', desk: 'opening' });
    expect(linked.context.opening).toBe('order-1');
  });

  it("officeHours: one's own hours loading, an empty week, nothing to show yet", async () => {
    const { officeHoursMachine } = await import('#machines/officeHours.machine');
    const { WEEKDAYS } = await import('#domain/booking');
    const snapshot = createActor(officeHoursMachine, { input: { isAdmin: true } }).getSnapshot();
    expect(snapshot.value).toBe('loading');
    expect(snapshot.context).toStrictEqual({
      isAdmin: true,
      member: null,
      staff: [],
      saved: null,
      weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])),
      daysOff: [],
      problem: null,
      error: null,
    });
    const office = createActor(officeHoursMachine, { input: { isAdmin: false } }).getSnapshot();
    expect(office.context.isAdmin).toBe(false);
  });

  it('callBooking: a card waiting for a time or showing its call, a link opening; nothing chosen', async () => {
    const { callBookingMachine } = await import('#machines/callBooking.machine');
    const order = { via: 'order', orderId: 'order-1' } as const;
    const waiting = createActor(callBookingMachine, { input: { api: order, timeZone: 'UTC', call: null } });
    expect(waiting.getSnapshot().value).toBe('waiting');
    expect(waiting.getSnapshot().context).toStrictEqual({
      api: order,
      timeZone: 'UTC',
      companyZone: 'Europe/London',
      service: null,
      call: null,
      slots: [],
      promiseEndsAt: null,
      day: null,
      chosen: null,
      notice: null,
      closedText: null,
      error: null,
    });
    const call = { start: '2099-01-01T10:00:00.000Z', join: 'x', with: null, changeUntil: '2099-01-01T08:00:00.000Z' };
    const booked = createActor(callBookingMachine, { input: { api: order, timeZone: 'UTC', call } });
    expect(booked.getSnapshot().value).toEqual({ booked: 'idle' });
    expect(booked.getSnapshot().context.call).toBe(call);
    const link = createActor(callBookingMachine, {
      input: { api: { via: 'link', token: 't' }, timeZone: 'UTC', call: null },
    });
    expect(link.getSnapshot().value).toBe('opening');
  });

  it('twoFactor: the status loading, nothing typed, no codes shown', async () => {
    const { twoFactorMachine } = await import('#machines/twoFactor.machine');
    const snapshot = createActor(twoFactorMachine, { input: { hasPassword: true } }).getSnapshot();
    expect(snapshot.value).toBe('loading');
    expect(snapshot.context).toStrictEqual({
      hasPassword: true,
      status: null,
      values: { password: '', emailCode: '', appCode: '' },
      pending: null,
      recoveryCodes: null,
      error: null,
      notice: null,
    });
  });

  it('passkeys: the list loading, empty, with what the browser can do and the name it suggests', async () => {
    const { passkeysMachine } = await import('#machines/passkeys.machine');
    const input = { supported: true, suggestedName: 'Chrome on Linux', hasPassword: true };
    const snapshot = createActor(passkeysMachine, { input }).getSnapshot();
    expect(snapshot.value).toBe('loading');
    expect(snapshot.context).toStrictEqual({
      ...input,
      passkeys: [],
      name: '',
      selected: null,
      error: null,
      values: { password: '', emailCode: '' },
      notice: null,
      options: null,
      response: null,
    });
  });

  it('billingDetails: the saved details loading, nothing typed, nothing refused', async () => {
    const { billingDetailsMachine } = await import('#machines/billingDetails.machine');
    const snapshot = createActor(billingDetailsMachine).getSnapshot();
    expect(snapshot.value).toBe('loading');
    expect(snapshot.context).toStrictEqual({
      saved: null,
      values: { billingName: '', address: '', vatNumber: '' },
      errors: {},
      error: null,
    });
  });

  it('passkeySignIn: waiting for the button, no ceremony under way', async () => {
    const { passkeySignInMachine } = await import('#machines/passkeySignIn.machine');
    const snapshot = createActor(passkeySignInMachine).getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toStrictEqual({ options: null, response: null, error: null });
  });

  it('dataExport: waiting for the button, nothing saved yet', async () => {
    const { dataExportMachine } = await import('#machines/dataExport.machine');
    const snapshot = createActor(dataExportMachine).getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toStrictEqual({ savedAs: null });
  });
});
