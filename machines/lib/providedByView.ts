/**
 * A stand-in for an action its view provides (a toast, a redirect, storing a token): the view's wiring replaces it
 * with `machine.provide({ actions })`. The stand-in does nothing, so a machine runs whole in its own tests, and it is
 * marked, so a test can tell that each wiring replaced every stand-in of its machine. TypeScript cannot: `provide`
 * takes any part of the actions, and XState runs a forgotten one as the stand-in, silently.
 */
const standIns = new WeakSet<object>();

/** A stand-in action whose params are TParams (the view's code receives them). */
export function providedByView<TParams = undefined>(): (_: unknown, params: TParams) => void {
  const standIn = () => {};
  standIns.add(standIn);
  return standIn;
}

/** Whether this action is a stand-in its view has not replaced. */
export function isStandIn(action: object): boolean {
  return standIns.has(action);
}
