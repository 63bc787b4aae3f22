/**
 * The sample events, actor outputs and errors the account machines are explored with (the profile and what
 * hangs off it, the password pages, the invoices list and the bell): one list per machine, shared by the
 * machine-level suite (tests/machines) and the browser suite (tests/e2e/model), so both walk the same model.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Invoice } from '#domain/contract';
import type { changePasswordMachine } from '#machines/changePassword.machine';
import type { deleteAccountMachine } from '#machines/deleteAccount.machine';
import type { forgotPasswordMachine } from '#machines/forgotPassword.machine';
import type { invoicesMachine } from '#machines/invoices.machine';
import type { lastLoginMachine } from '#machines/lastLogin.machine';
import type { Notification, notificationsMachine } from '#machines/notifications.machine';
import type { ProfileSaved, profileMachine } from '#machines/profile.machine';
import type { verifyEmailMachine } from '#machines/verifyEmail.machine';
import type { PathTestOptions } from '#toolkit';
import { ada, adaSession, movedSession, renamedSession } from './fixtures';

type Samples<M extends AnyStateMachine> = Pick<
  PathTestOptions<M>,
  'events' | 'outputs' | 'errors' | 'snapshots' | 'inputs' | 'filterEvents' | 'stopWhen'
>;

const png = new Blob([new Uint8Array(100)], { type: 'image/png' });
const text = new Blob(['hello'], { type: 'text/plain' });

/** The answer to an e-mail change: the address stays, and a code went to the new one. */
export const pendingSession: ProfileSaved = {
  ...adaSession,
  emailChange: {
    pending: 'ada@example.org',
    message: 'We have sent a code to ada@example.org. Enter it to finish changing your e-mail address.',
  },
};

export const profileSamples: Samples<typeof profileMachine> = {
  inputs: [{ user: { ...ada, hasPassword: true } }, { user: { ...ada, hasPassword: false } }],
  events: [
    { type: 'profile.change', field: 'name', value: 'Ada King' },
    { type: 'profile.change', field: 'name', value: ada.name },
    { type: 'profile.change', field: 'email', value: 'ada@example.org' },
    { type: 'profile.chooseAvatar', file: png, preview: 'blob:preview-1' },
    { type: 'profile.chooseAvatar', file: text, preview: 'blob:preview-2' },
    { type: 'profile.submit' },
    { type: 'profile.changeProof', field: 'currentPassword', value: 'correct horse battery' },
    { type: 'profile.changeProof', field: 'code', value: ' 123456 ' },
    { type: 'profile.toggleVisibility' },
    { type: 'profile.sendCode' },
    { type: 'profile.confirm' },
    { type: 'profile.cancel' },
  ],
  outputs: {
    updateProfile: [renamedSession],
    updateProfileWithProof: [pendingSession],
    requestEmailChangeCode: ['We have sent a code to ada@example.com.'],
    confirmEmailChange: [movedSession],
    resendEmailChangeCode: ['We have sent a code to ada@example.org. Enter it to finish changing your e-mail address.'],
  },
  errors: {
    updateProfile: [new Error('An account with this e-mail address already exists.')],
    updateProfileWithProof: [new Error('Your current password is incorrect.')],
    requestEmailChangeCode: [new Error('Too many requests. Please try again later.')],
    confirmEmailChange: [new Error('This code is not valid or has expired.')],
    resendEmailChangeCode: [new Error('Too many requests. Please try again later.')],
  },
};

/** Coarse on purpose: what the guards and the dialog depend on, not every typed value. */
export const profileState = (s: SnapshotFrom<typeof profileMachine>) =>
  JSON.stringify({
    value: s.value,
    renamed: s.context.name !== s.context.saved.name,
    moved: s.context.email !== s.context.saved.email,
    avatar: s.context.avatar !== null,
    hasPassword: s.context.hasPassword,
    password: s.context.currentPassword !== '',
    shown: s.context.passwordVisible,
    code: s.context.code.trim() === '123456',
    sent: s.context.notice !== null,
    pending: s.context.pending !== null,
    error: s.context.error !== null,
  });

export const changePasswordSamples: Samples<typeof changePasswordMachine> = {
  events: [
    { type: 'password.change', field: 'oldPassword', value: 'old password' },
    { type: 'password.change', field: 'newPassword', value: 'new password' },
    { type: 'password.change', field: 'confirmPassword', value: 'new password' },
    { type: 'password.change', field: 'newPassword', value: 'short' },
    { type: 'password.toggleVisibility', field: 'newPassword' },
    { type: 'password.submit' },
  ],
  outputs: { changePassword: [adaSession] },
  errors: { changePassword: [new Error('Your old password is incorrect.')] },
};

export const changePasswordState = (s: SnapshotFrom<typeof changePasswordMachine>) =>
  JSON.stringify({
    value: s.value,
    filled: Object.values(s.context.values).map((v) => v.length),
    shown: s.context.visible.newPassword,
    error: s.context.error,
  });

export const forgotPasswordSamples: Samples<typeof forgotPasswordMachine> = {
  events: [
    { type: 'forgot.change', field: 'email', value: 'ada@example.com' },
    { type: 'forgot.change', field: 'code', value: '123456' },
    { type: 'forgot.change', field: 'newPassword', value: 'a brand new password' },
    { type: 'forgot.sendCode' },
    { type: 'forgot.reset' },
    { type: 'forgot.toggleRemoveOthers' },
    { type: 'forgot.resend' },
    { type: 'forgot.changeEmail' },
  ],
  outputs: {
    requestCode: [{ message: 'If an account exists, we sent a code.', ticket: 'T'.repeat(43) }],
    resetPassword: ['Your password was reset.'],
  },
  errors: { requestCode: [new Error('Too many attempts.')], resetPassword: [new Error('This code is not valid.')] },
};

export const forgotPasswordState = (s: SnapshotFrom<typeof forgotPasswordMachine>) =>
  JSON.stringify({
    value: s.value,
    email: s.context.email !== '',
    code: s.context.code !== '',
    pw: s.context.newPassword !== '',
    removeOthers: s.context.removeOtherSignIns,
    error: s.context.error,
  });

export const verifyEmailSamples: Samples<typeof verifyEmailMachine> = {
  events: [
    { type: 'verify.start' },
    { type: 'verify.enterCode' },
    { type: 'verify.change', code: '123456' },
    { type: 'verify.change', code: '12' },
    { type: 'verify.submit' },
    { type: 'verify.resend' },
    { type: 'verify.cancel' },
  ],
  outputs: { confirmCode: [{ ...ada, emailVerified: true }] },
  errors: { sendCode: [new Error('Network Error')], confirmCode: [new Error('This code is not valid.')] },
};

/** When the sample deletion is due: what the server answers 14 days after a request. */
export const DELETION_DATE = '2026-12-05T09:00:00.000Z';

/**
 * A customer (no role on the wire) and an office member, who confirms with the current password, each with and
 * without a deletion scheduled when the page opens. The user read again says a deletion is scheduled or not,
 * whichever was done: the read decides where the machine settles.
 */
export const deleteAccountSamples: Samples<typeof deleteAccountMachine> = {
  inputs: [
    { deletionScheduledFor: null },
    { deletionScheduledFor: DELETION_DATE },
    { role: 'office', deletionScheduledFor: null },
    { role: 'office', deletionScheduledFor: DELETION_DATE },
  ],
  events: [
    { type: 'delete.open' },
    { type: 'delete.dismiss' },
    { type: 'delete.confirm' },
    { type: 'delete.confirm', password: 'correct horse battery' },
    { type: 'delete.undo' },
  ],
  outputs: {
    requestDeletion: ['Your account will be deleted in 14 days.'],
    requestDeletionWithPassword: ['Your account will be deleted in 14 days.'],
    cancelDeletion: ['Your account will not be deleted.'],
    refreshUser: [{ ...ada, deletionScheduledFor: DELETION_DATE }, ada],
  },
  errors: {
    requestDeletion: [new Error('Network Error')],
    requestDeletionWithPassword: [new Error('Your current password is incorrect.')],
    cancelDeletion: [new Error('Network Error')],
    refreshUser: [new Error('Network Error')],
  },
};

export const lastLoginSamples: Samples<typeof lastLoginMachine> = {
  inputs: [{ since: '2026-11-21T08:00:00.000Z', now: Date.parse('2026-11-21T09:00:00.000Z') }],
  events: [],
  // One tick is every shape this machine has.
  stopWhen: (s) => s.context.now !== Date.parse('2026-11-21T09:00:00.000Z'),
};

export const lastLoginState = (s: SnapshotFrom<typeof lastLoginMachine>) => JSON.stringify(s.value);

export const welcome: Notification = {
  id: 'n1',
  text: 'Welcome!',
  createdAt: '2026-11-21T09:00:00.000Z',
  seen: false,
};

export const notificationsSamples: Samples<typeof notificationsMachine> = {
  events: [{ type: 'notifications.toggle' }, { type: 'notifications.close' }, { type: 'notifications.refresh' }],
  outputs: { loadNotifications: [[welcome]], readNotifications: [[welcome]] },
  errors: {
    loadNotifications: [new Error('Network Error')],
    readNotifications: [new Error('Network Error')],
    markSeen: [new Error('Network Error')],
  },
};

export const invoice: Invoice = {
  _id: 'inv-1',
  amount: 49,
  paid: true,
  paidAt: '2026-11-21T09:00:00.000Z',
  createdAt: '2026-11-21T08:55:00.000Z',
  service: { title: 'Website Development Consultation', type: 'Video Meeting', url: '' },
  testPayment: true,
  document: { number: 'TEST-NG-2026-000001', url: '/api/orders/inv-1/invoice.pdf' },
};

/** An invoice whose checkout was cancelled: the one Pay now is for. */
export const unpaidInvoice: Invoice = { ...invoice, _id: 'inv-2', paid: false, paidAt: null, document: null };

export const invoicesSamples: Samples<typeof invoicesMachine> = {
  // Opened from the menu, or back from a checkout that was paid or cancelled (`?payment=`).
  inputs: [{}, { returned: 'paid' }, { returned: 'cancelled' }],
  events: [
    { type: 'invoices.reload' },
    { type: 'invoices.pay', invoiceId: unpaidInvoice._id },
    { type: 'invoices.dismissNotice' },
  ],
  outputs: {
    loadInvoices: [[invoice, unpaidInvoice], []],
    renewPaymentLink: [{ paymentLink: 'https://checkout.example.test/pay/inv-2' }],
  },
  errors: {
    loadInvoices: [new Error('Network Error')],
    renewPaymentLink: [new Error('The payment service could not be reached, so no payment was started.')],
  },
};
