/**
 * The transitions a machine defines, named so that a person can read a missed one in a test failure.
 * A transition is identified by its source state, its event type and its place among the candidates
 * for that event (guarded alternatives are separate transitions).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface DefinedTransition {
  key: string;
  label: string;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const index =
    transition.eventType === ''
      ? (source.always ?? []).indexOf(transition)
      : (source.transitions.get(transition.eventType) ?? []).indexOf(transition);
  return `${source.id}|${transition.eventType}|${index}`;
}

function guardName(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String(guard.type)}]`;
  return ' [guard]';
}

export function transitionLabel(transition: AnyTransitionDefinition): string {
  const event = transition.eventType === '' ? 'always' : transition.eventType;
  const targets = transition.target?.map((node) => node.id).join(', ') || '(stays)';
  return `${transition.source.id} --${event}${guardName(transition)}--> ${targets}`;
}

export function definedTransitions(machine: AnyStateMachine): DefinedTransition[] {
  return allStateNodes(machine.root).flatMap((node) => {
    const byEvent = [...node.transitions.values()].flat();
    return [...byEvent, ...(node.always ?? [])].map((transition) => ({
      key: transitionKey(transition),
      label: transitionLabel(transition),
    }));
  });
}
