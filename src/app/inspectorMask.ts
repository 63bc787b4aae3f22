/**
 * What the Stately inspector receives carries no secrets (development only, loaded with the inspector by
 * dynamic import in src/main.tsx, never part of the production bundle).
 *
 * `maskInspectionEvent` answers a copy of an inspection event in which every value under a secret key
 * (passwords, tokens, codes, the OAuth `state` and `nonce`) is replaced by '•••', wherever it sits in the
 * data an actor carries: events, machine context, action parameters, an actor's input and output. The
 * state value (`snapshot.value`) and all else that is not data stay as they are; the live actor is never
 * touched. The inspector reads an actor's snapshot through `actorRef.getSnapshot()` when it announces the
 * actor, so the copy's `actorRef` answers a masked snapshot too.
 */
import type { ActorRefLike, InspectionEvent } from 'xstate';

export const MASK = '•••';

/** Keys whose values are secrets (compared without case, `_` and `-`): see SECRET_KEY_NAMES. */
const SECRET_KEY_NAMES = [
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'googleToken',
  'access_token',
  'id_token',
  'idToken',
  'refreshToken',
  'code',
  'ticket',
  'nonce',
  'state',
  'secret',
  'clientSecret',
] as const;

const normalise = (key: string) => key.toLowerCase().replace(/[_-]/g, '');
const SECRET_KEYS = new Set(SECRET_KEY_NAMES.map(normalise));

function isSecretKey(key: string): boolean {
  const k = normalise(key);
  return SECRET_KEYS.has(k) || k.endsWith('password') || k.endsWith('token');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : MASK;
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  return MASK;
}

/**
 * A deep copy of plain data (objects and arrays) with secret keys masked. Instances of classes (actor
 * references, Dates, Errors, files) are kept by reference: they are not data the inspector walks into.
 * An object naming a secret field (`{ field: 'password', value: '...' }`, the form machines' change
 * events) has that value masked too.
 */
export function maskData(value: unknown, seen = new WeakMap<object, unknown>()): unknown {
  if (Array.isArray(value)) {
    if (seen.has(value)) return seen.get(value);
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(maskData(item, seen));
    return copy;
  }
  if (!isPlainObject(value)) return value;
  if (seen.has(value)) return seen.get(value);
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  const namedField = typeof value.field === 'string' && isSecretKey(value.field);
  for (const [key, child] of Object.entries(value)) {
    copy[key] = isSecretKey(key) || (namedField && key === 'value') ? maskValue(child) : maskData(child, seen);
  }
  return copy;
}

/** The data of a snapshot masked (context, input, output); its value, status and the rest kept. */
function maskSnapshot<T>(snapshot: T): T {
  if (typeof snapshot !== 'object' || snapshot === null) return snapshot;
  const copy = { ...(snapshot as Record<string, unknown>) };
  for (const key of ['context', 'input', 'output'] as const) {
    if (key in copy) copy[key] = maskData(copy[key]);
  }
  return copy as T;
}

const maskedRefs = new WeakMap<ActorRefLike, ActorRefLike>();

/** The actor as the inspector may see it: everything passes through, but its snapshot comes masked. */
function maskedActorRef<R extends ActorRefLike | undefined>(actorRef: R): R {
  if (typeof actorRef !== 'object' || actorRef === null) return actorRef;
  let masked = maskedRefs.get(actorRef) as R | undefined;
  if (!masked) {
    masked = new Proxy(actorRef, {
      get(target, property) {
        if (property === 'getSnapshot') return () => maskSnapshot(target.getSnapshot());
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    maskedRefs.set(actorRef, masked as ActorRefLike);
  }
  return masked;
}

/** A copy of an inspection event with no secrets in it, for the Stately inspector. */
export function maskInspectionEvent<E extends InspectionEvent>(event: E): E {
  const copy: Record<string, unknown> = { ...event, actorRef: maskedActorRef(event.actorRef) };
  if ('sourceRef' in event) copy.sourceRef = maskedActorRef(event.sourceRef);
  // '@xstate.event', '@xstate.snapshot', '@xstate.transition', '@xstate.microstep': the event.
  if ('event' in event) copy.event = maskData(event.event);
  // '@xstate.snapshot', '@xstate.transition', '@xstate.microstep': the snapshot's context, input, output.
  if ('snapshot' in event) copy.snapshot = maskSnapshot(event.snapshot);
  // '@xstate.action': the action's parameters (a session handed on, a token to persist).
  if ('action' in event) copy.action = { ...event.action, params: maskData(event.action.params) };
  // '@xstate.actor' carries no data itself: the inspector asks the (masked) actorRef for its snapshot.
  return copy as E;
}
