/**
 * What a machine's wiring module needs from the app (docs/architecture.md, "How a flow travels through the
 * browser"): the auth actor, to hand it a new session or user, and the inspector of the actors a wiring
 * module starts itself. Pages pass what `useAppActors()` gives them.
 */
import type { InspectionEvent } from 'xstate';
import type { AuthEvent } from '#machines/auth.machine';

interface AuthPort {
  send(event: AuthEvent): void;
}

/** The inspector's receiver of actor events (the Stately inspector in development; docs/testing.md). */
export type Inspect = (event: InspectionEvent) => void;

export interface AppPorts {
  auth: AuthPort;
  inspect?: Inspect;
}
