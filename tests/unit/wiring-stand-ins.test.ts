// @vitest-environment jsdom
/**
 * Every wiring replaces every stand-in action of its machine (machines/lib/providedByView.ts). TypeScript cannot
 * tell: `provide` takes any part of a machine's actions, and a stand-in left in place does nothing, silently (a
 * toast never shown, a token never stored). And every machine that declares a stand-in is wired here, so a new
 * machine or a new wiring joins the list.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, StateMachine } from 'xstate';
import { isStandIn } from '#machines/lib/providedByView';
import { wireApp } from '#src/app/wiring/app';
import { wireBillingDetails } from '#src/components/account/BillingDetails.wiring';
import { wireDataExport } from '#src/components/account/DataExportCard.wiring';
import { wireSignOutEverywhere } from '#src/components/security/SignOutEverywhere.wiring';
import { wireTwoFactor } from '#src/components/security/TwoFactorSettings.wiring';
import { wireDownload } from '#src/common/wiring/download';
import { wireGoogleSignIn } from '#src/common/wiring/googleSignIn';
import { wirePasskeySignIn, wirePasskeys } from '#src/common/wiring/passkeys';
import { wireChangePassword } from '#src/pages/ChangePassword.wiring';
import { wireInvoices } from '#src/pages/Invoices.wiring';
import { wireLogin } from '#src/pages/Login.wiring';
import { wireOfficeQueue } from '#src/pages/office/Office.wiring';
import { wireOfficeStaff } from '#src/pages/office/StaffPanel.wiring';
import { wireDeleteAccount, wireProfile, wireVerifyEmail } from '#src/pages/Profile.wiring';
import { wireRegister } from '#src/pages/Register.wiring';
import { wireServiceDetails } from '#src/pages/ServiceDetails.wiring';
import { wireWizard } from '#src/pages/ServiceRequest.wiring';
import { wireYouthApplication } from '#src/pages/YouthProject.wiring';

/** A view (or the app's ports) whose every member does nothing: a wiring here is only built, never run. */
const view = new Proxy({}, { get: () => () => {} }) as never;

/** Each wiring that provides actions, as the app builds it. */
const wirings: Record<string, AnyStateMachine> = {
  app: wireApp(undefined),
  billingDetails: wireBillingDetails(view),
  changePassword: wireChangePassword(view, view),
  dataExport: wireDataExport(view),
  deleteAccount: wireDeleteAccount(view, view),
  download: wireDownload(view),
  googleSignIn: wireGoogleSignIn(),
  invoices: wireInvoices(view),
  login: wireLogin(view, view),
  officeQueue: wireOfficeQueue(view),
  officeStaff: wireOfficeStaff(view),
  passkeySignIn: wirePasskeySignIn(view, view),
  passkeys: wirePasskeys(view),
  profile: wireProfile(view, view),
  register: wireRegister(view, view),
  serviceDetails: wireServiceDetails(view),
  signOutEverywhere: wireSignOutEverywhere(view),
  twoFactor: wireTwoFactor(view),
  verifyEmail: wireVerifyEmail(view, view),
  wizard: wireWizard(view),
  youthApplication: wireYouthApplication(view),
};

/** The machine and, through its actors, every machine it starts. */
function withChildren(machine: AnyStateMachine): AnyStateMachine[] {
  const children = Object.values(machine.implementations.actors).filter(
    (actor): actor is AnyStateMachine => actor instanceof StateMachine,
  );
  return [machine, ...children.flatMap(withChildren)];
}

/** The names of the stand-ins a machine still holds. */
function standInsOf(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions)
    .filter(([, action]) => action !== undefined && isStandIn(action))
    .map(([name]) => name);
}

describe('stand-in actions', () => {
  it.each(Object.entries(wirings))('the %s wiring replaces every one, in its children too', (_, wired) => {
    for (const machine of withChildren(wired)) expect([machine.id, standInsOf(machine)]).toEqual([machine.id, []]);
  });

  it('every machine that declares one is wired above', async () => {
    const wiredIds = new Set(
      Object.values(wirings)
        .flatMap(withChildren)
        .map((machine) => machine.id),
    );
    const declaring: string[] = [];
    for (const load of Object.values(import.meta.glob('../../machines/*.machine.ts'))) {
      for (const value of Object.values((await load()) as Record<string, unknown>)) {
        if (value instanceof StateMachine && standInsOf(value as AnyStateMachine).length > 0) {
          declaring.push((value as AnyStateMachine).id);
        }
      }
    }
    expect(declaring.length).toBeGreaterThanOrEqual(Object.keys(wirings).length);
    expect(declaring.filter((id) => !wiredIds.has(id))).toEqual([]);
  });
});
