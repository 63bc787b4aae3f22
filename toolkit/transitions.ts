/**
 * The graph walker: every state node of a machine and every transition it defines, in definition order
 * (states depth-first as written, a node's transitions by event and then its eventless ones). The path
 * tests, the coverage report and the diagram script all read the machines through it.
 *
 * A transition is identified by its source state, its event type and its place among the candidates
 * for that event (guarded alternatives are separate transitions), and named so that a person can read a
 * missed one in a test failure.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface DefinedTransition {
  key: string;
  label: string;
}

/** The child states of a node, in definition order. */
export function childStates(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** A node and every state below it, depth-first in definition order (the node first). */
export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childStates(node).flatMap(allStateNodes)];
}

/** Every transition of a node, in definition order: by event, then the eventless ones. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** Every transition the machine defines, state by state. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return allStateNodes(machine.root).flatMap(transitionsOf);
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const index =
    transition.eventType === ''
      ? (source.always ?? []).indexOf(transition)
      : (source.transitions.get(transition.eventType) ?? []).indexOf(transition);
  return `${source.id}|${transition.eventType}|${index}`;
}

/** The guard's name ('' when unguarded; 'guard' for an anonymous inline guard). */
export function guardName(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function' && guard.name) return guard.name;
  return 'guard';
}

export function transitionLabel(transition: AnyTransitionDefinition): string {
  const event = transition.eventType === '' ? 'always' : transition.eventType;
  const guard = guardName(transition);
  const targets = transition.target?.map((node) => node.id).join(', ') || '(stays)';
  return `${transition.source.id} --${event}${guard ? ` [${guard}]` : ''}--> ${targets}`;
}

export function definedTransitions(machine: AnyStateMachine): DefinedTransition[] {
  return allTransitions(machine).map((transition) => ({
    key: transitionKey(transition),
    label: transitionLabel(transition),
  }));
}
