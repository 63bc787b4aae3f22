/**
 * The tags views read (docs/decisions/0041-a-feature-lives-together.md): a view asks `hasTag`, never a state path,
 * so which states carry which tag is the contract between a machine and its view. A tag moved to another state
 * changes what a page shows; this pins each one. Modules are imported inside the tests, as in definitions.test.ts,
 * so that StrykerJS counts a machine that fails to load.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** Each tag of the machine, with the ids of the states that carry it. */
function taggedStates(machine: AnyStateMachine): Record<string, string[]> {
  const tagged: Record<string, string[]> = {};
  const visit = (node: AnyStateNode) => {
    for (const tag of node.tags) (tagged[tag] ??= []).push(node.id);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return tagged;
}

describe('the tags views read: each on the states it names', () => {
  it('menu: open', async () => {
    const { menuMachine } = await import('#machines/menu.machine');
    expect(taggedStates(menuMachine)).toStrictEqual({ open: ['menu.open'] });
  });

  it('topBar: solid once scrolled', async () => {
    const { topBarMachine } = await import('#machines/topBar.machine');
    expect(taggedStates(topBarMachine)).toStrictEqual({ solid: ['topBar.solid'] });
  });

  it('notifications: the list loading (at start, and again as it opens), the panel open', async () => {
    const { notificationsMachine } = await import('#machines/notifications.machine');
    expect(taggedStates(notificationsMachine)).toStrictEqual({
      loading: ['notifications.loading', 'notifications.open.reading'],
      open: ['notifications.open'],
    });
  });

  it('consent: the first-visit banner, the banner opened again, a choice made', async () => {
    const { consentMachine } = await import('#machines/consent.machine');
    expect(taggedStates(consentMachine)).toStrictEqual({
      firstVisit: ['consent.asking'],
      reviewing: ['consent.reviewing'],
      decided: ['consent.decided'],
    });
  });

  it('appStart: no welcome yet, then the app ready', async () => {
    const { appStartMachine } = await import('#machines/appStart.machine');
    expect(taggedStates(appStartMachine)).toStrictEqual({
      moment: ['appStart.splash.message.moment'],
      ready: ['appStart.ready'],
    });
  });

  it('auth: signed in', async () => {
    const { authMachine } = await import('#machines/auth.machine');
    expect(taggedStates(authMachine)).toStrictEqual({ signedIn: ['auth.signedIn'] });
  });

  it('download: busy while the file is fetched', async () => {
    const { downloadMachine } = await import('#machines/download.machine');
    expect(taggedStates(downloadMachine)).toStrictEqual({ busy: ['download.downloading'] });
  });

  it('wizard: one tag per step; checking out and leaving stay on the confirmation, busy', async () => {
    const { wizardMachine } = await import('#machines/wizard.machine');
    expect(taggedStates(wizardMachine)).toStrictEqual({
      review: ['wizard.review'],
      information: ['wizard.information'],
      delivery: ['wizard.delivery'],
      confirmation: ['wizard.confirmation', 'wizard.checkingOut', 'wizard.redirecting'],
      busy: ['wizard.checkingOut', 'wizard.redirecting'],
    });
  });

  it('invoices: loading, busy paying or leaving, failed', async () => {
    const { invoicesMachine } = await import('#machines/invoices.machine');
    expect(taggedStates(invoicesMachine)).toStrictEqual({
      loading: ['invoices.loading'],
      busy: ['invoices.paying', 'invoices.redirecting'],
      failed: ['invoices.unavailable'],
    });
  });

  it('officeQueue: the desk loading, opening, failed, idle, confirming, and each change out', async () => {
    const { officeQueueMachine } = await import('#machines/officeQueue.machine');
    expect(taggedStates(officeQueueMachine)).toStrictEqual({
      loading: ['officeQueue.desk.loading'],
      opening: ['officeQueue.desk.opening'],
      failed: ['officeQueue.desk.unavailable'],
      idle: ['officeQueue.desk.ready'],
      confirming: ['officeQueue.desk.confirmingDelivery'],
      scheduling: ['officeQueue.desk.scheduling'],
      sendingReport: ['officeQueue.desk.sendingReport'],
      delivering: ['officeQueue.desk.delivering'],
    });
  });

  it('officeStaff: loading, failed, confirming, granting, revoking', async () => {
    const { officeStaffMachine } = await import('#machines/officeStaff.machine');
    expect(taggedStates(officeStaffMachine)).toStrictEqual({
      loading: ['officeStaff.loading'],
      failed: ['officeStaff.unavailable'],
      confirming: ['officeStaff.confirmingRevoke'],
      granting: ['officeStaff.granting'],
      revoking: ['officeStaff.revoking'],
    });
  });

  it('serviceDetails: shown, or missing', async () => {
    const { serviceDetailsMachine } = await import('#machines/serviceDetails.machine');
    expect(taggedStates(serviceDetailsMachine)).toStrictEqual({
      shown: ['serviceDetails.shown'],
      missing: ['serviceDetails.missing'],
    });
  });

  it('contact: busy sending, then sent', async () => {
    const { contactMachine } = await import('#machines/contact.machine');
    expect(taggedStates(contactMachine)).toStrictEqual({ busy: ['contact.sending'], sent: ['contact.sent'] });
  });

  it('youthApplication: busy submitting', async () => {
    const { youthApplicationMachine } = await import('#machines/youthApplication.machine');
    expect(taggedStates(youthApplicationMachine)).toStrictEqual({ busy: ['youthApplication.submitting'] });
  });

  it('callBooking: the link opening, each step of choosing, booking and cancelling, closed and ended', async () => {
    const { callBookingMachine } = await import('#machines/callBooking.machine');
    expect(taggedStates(callBookingMachine)).toStrictEqual({
      loading: ['callBooking.opening'],
      failed: ['callBooking.unavailable'],
      invalid: ['callBooking.invalid'],
      ended: ['callBooking.ended'],
      waiting: ['callBooking.waiting'],
      booked: [
        'callBooking.booked.idle',
        'callBooking.booked.asking',
        'callBooking.booked.cancelling',
        'callBooking.booked.cancelFailed',
      ],
      changeable: ['callBooking.booked.idle'],
      askingCancel: ['callBooking.booked.asking'],
      cancelling: ['callBooking.booked.cancelling'],
      cancelFailed: ['callBooking.booked.cancelFailed'],
      picking: ['callBooking.picking', 'callBooking.submitting'],
      loadingSlots: ['callBooking.picking.loading'],
      slotsFailed: ['callBooking.picking.failed'],
      noSlots: ['callBooking.picking.empty'],
      choosing: ['callBooking.picking.choosing'],
      confirming: ['callBooking.picking.confirming', 'callBooking.picking.submitFailed', 'callBooking.submitting'],
      submitFailed: ['callBooking.picking.submitFailed'],
      submitting: ['callBooking.submitting'],
      closed: ['callBooking.closed'],
    });
  });

  it('twoFactor: one form at a time, each with its sending and submitting steps', async () => {
    const { twoFactorMachine } = await import('#machines/twoFactor.machine');
    expect(taggedStates(twoFactorMachine)).toStrictEqual({
      loading: ['twoFactor.loading'],
      failed: ['twoFactor.failed'],
      offeringSetUp: ['twoFactor.disabled.idle'],
      setUpForm: ['twoFactor.disabled.proving', 'twoFactor.disabled.sendingCode', 'twoFactor.disabled.settingUp'],
      sendingCode: ['twoFactor.disabled.sendingCode', 'twoFactor.enabled.sendingOffCode'],
      submitting: [
        'twoFactor.disabled.settingUp',
        'twoFactor.disabled.enabling',
        'twoFactor.enabled.renewingCodes',
        'twoFactor.enabled.disabling',
      ],
      scanForm: ['twoFactor.disabled.scanning', 'twoFactor.disabled.enabling'],
      offeringChanges: ['twoFactor.enabled.idle'],
      renewForm: ['twoFactor.enabled.renewing', 'twoFactor.enabled.renewingCodes'],
      turnOffForm: ['twoFactor.enabled.turningOff', 'twoFactor.enabled.sendingOffCode', 'twoFactor.enabled.disabling'],
    });
  });

  it('passkeys: the list loading or unavailable, then the add, rename and remove forms', async () => {
    const { passkeysMachine } = await import('#machines/passkeys.machine');
    expect(taggedStates(passkeysMachine)).toStrictEqual({
      loading: ['passkeys.loading'],
      unavailable: ['passkeys.unavailable'],
      addForm: ['passkeys.naming', 'passkeys.adding'],
      sendingCode: ['passkeys.naming.sendingCode', 'passkeys.confirmingRemove.sendingCode'],
      adding: ['passkeys.adding'],
      prompting: ['passkeys.adding.prompting'],
      renaming: ['passkeys.renaming'],
      savingName: ['passkeys.renaming.saving'],
      removeDialog: ['passkeys.confirmingRemove', 'passkeys.removing'],
      removing: ['passkeys.removing'],
    });
  });

  it('deleteAccount: the dialog, with or without the password, while deleting, and once scheduled', async () => {
    const { deleteAccountMachine } = await import('#machines/deleteAccount.machine');
    expect(taggedStates(deleteAccountMachine)).toStrictEqual({
      deletable: ['deleteAccount.active'],
      dialogOpen: [
        'deleteAccount.active.confirming',
        'deleteAccount.active.requesting',
        'deleteAccount.active.confirmingWithPassword',
        'deleteAccount.active.requestingWithPassword',
      ],
      deleting: ['deleteAccount.active.requesting', 'deleteAccount.active.requestingWithPassword'],
      asksPassword: ['deleteAccount.active.confirmingWithPassword', 'deleteAccount.active.requestingWithPassword'],
      refreshing: ['deleteAccount.active.refreshing', 'deleteAccount.scheduled.refreshing'],
      scheduled: ['deleteAccount.scheduled'],
    });
  });

  it("profile: saving, and the new address's dialog with its code steps", async () => {
    const { profileMachine } = await import('#machines/profile.machine');
    expect(taggedStates(profileMachine)).toStrictEqual({
      saving: ['profile.saving', 'profile.confirming.saving'],
      dialogOpen: ['profile.confirming'],
      requestingCode: ['profile.confirming.proving.requestingCode'],
      newAddress: ['profile.confirming.newAddress'],
      checking: ['profile.confirming.newAddress.checking'],
      resending: ['profile.confirming.newAddress.resending'],
    });
  });

  it('login: the form, its spinner (Google too), each second step confirming, the recovery code', async () => {
    const { loginMachine } = await import('#machines/login.machine');
    expect(taggedStates(loginMachine)).toStrictEqual({
      editing: ['login.editing'],
      spinning: ['login.submitting.spinning', 'login.withGoogle'],
      confirming: [
        'login.secondStep.emailCode.confirming',
        'login.secondStep.totp.appCode.confirming',
        'login.secondStep.totp.recoveryCode.confirming',
      ],
      recoveryCode: ['login.secondStep.totp.recoveryCode'],
    });
  });

  it('passkeySignIn: busy from the request until signed in, the browser prompting', async () => {
    const { passkeySignInMachine } = await import('#machines/passkeySignIn.machine');
    expect(taggedStates(passkeySignInMachine)).toStrictEqual({
      busy: [
        'passkeySignIn.requesting',
        'passkeySignIn.prompting',
        'passkeySignIn.verifying',
        'passkeySignIn.succeeded',
      ],
      prompting: ['passkeySignIn.prompting'],
    });
  });

  it('verifyEmail, forgotPassword: sending, the code step and checking it, done', async () => {
    const { verifyEmailMachine } = await import('#machines/verifyEmail.machine');
    expect(taggedStates(verifyEmailMachine)).toStrictEqual({
      sending: ['verifyEmail.sending'],
      codeStep: ['verifyEmail.awaitingCode', 'verifyEmail.checking'],
      checking: ['verifyEmail.checking'],
    });
    const { forgotPasswordMachine } = await import('#machines/forgotPassword.machine');
    expect(taggedStates(forgotPasswordMachine)).toStrictEqual({
      busy: ['forgotPassword.sendingCode', 'forgotPassword.resetting'],
      codeStep: ['forgotPassword.enteringCode', 'forgotPassword.resetting'],
      done: ['forgotPassword.done'],
    });
  });

  it('dataExport, signOutEverywhere: the work under way, its end', async () => {
    const { dataExportMachine } = await import('#machines/dataExport.machine');
    expect(taggedStates(dataExportMachine)).toStrictEqual({
      exporting: ['dataExport.exporting'],
      saved: ['dataExport.saved'],
    });
    const { signOutEverywhereMachine } = await import('#machines/signOutEverywhere.machine');
    expect(taggedStates(signOutEverywhereMachine)).toStrictEqual({
      confirming: ['signOutEverywhere.confirming'],
      ending: ['signOutEverywhere.ending'],
    });
  });
});
