import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, type AnyStateMachine, createActor, StateMachine } from 'xstate';

/**
 * A machine declares each request its wiring must provide as a placeholder that fails naming itself (`throw new
 * Error('<name> is not provided')`): a flow wired without one shows that error, instead of waiting for good or
 * going on as if the request had succeeded with nothing. Each placeholder is run as every machine that declares it
 * holds it. The list is the machines' side of the contract with their wiring (the `.wiring.ts` files in src/): a new
 * request joins it.
 */
const LEFT_TO_THE_WIRING = [
  'book',
  'cancelBooking',
  'cancelDeletion',
  'changePassword',
  'confirmCode',
  'confirmEmailChange',
  'confirmSecondStep',
  'confirmTotpStep',
  'continueWithGoogle',
  'createInvoice',
  'deliverOrder',
  'enable',
  'endOtherSessions',
  'exchangeToken',
  'fetchExport',
  'fetchFile',
  'grantOffice',
  'listPasskeys',
  'loadBilling',
  'loadHours',
  'loadOrder',
  'loadOrders',
  'loadPage',
  'loadSlots',
  'loadStaff',
  'loadStatus',
  'loginWithEmail',
  'registerPasskey',
  'registerWithEmail',
  'registrationOptions',
  'removePasskey',
  'renamePasskey',
  'renewCodes',
  'renewPaymentLink',
  'requestCode',
  'requestDeletion',
  'requestEmailChangeCode',
  'resendEmailChangeCode',
  'resetPassword',
  'revokeOffice',
  'saveBilling',
  'saveHours',
  'scheduleCall',
  'sendApplication',
  'sendCode',
  'sendMessage',
  'setUp',
  'signInOptions',
  'turnOff',
  'updateProfile',
  'uploadReport',
  'verifyPasskey',
];

const modules = import.meta.glob('../../machines/*.machine.ts');

/** How the actor ends when started on its own: its error's message, or that it finished. */
function ending(logic: AnyActorLogic): Promise<string> {
  return new Promise((resolve) => {
    const actor = createActor(logic, { input: {} });
    actor.subscribe({
      complete: () => resolve('finished without an error'),
      error: (error) => resolve(error instanceof Error ? error.message : String(error)),
    });
    actor.start();
  });
}

describe('the requests a machine leaves to its wiring', () => {
  it('each fail naming themselves, in every machine that declares them', async () => {
    const found = new Set<string>();
    for (const load of Object.values(modules)) {
      const machines = Object.values((await load()) as Record<string, unknown>).filter(
        (value): value is AnyStateMachine => value instanceof StateMachine,
      );
      for (const machine of machines) {
        for (const [name, logic] of Object.entries(machine.implementations.actors)) {
          if (!LEFT_TO_THE_WIRING.includes(name)) continue;
          expect([machine.id, name, await ending(logic as AnyActorLogic)]).toEqual([
            machine.id,
            name,
            `${name} is not provided`,
          ]);
          found.add(name);
        }
      }
    }
    expect(LEFT_TO_THE_WIRING.filter((name) => !found.has(name))).toEqual([]);
  });
});
