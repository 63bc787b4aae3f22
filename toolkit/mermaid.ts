/**
 * Mermaid `stateDiagram-v2` text of a machine, read through the graph walker (./transitions.ts): states
 * nested as in the machine, then every defined transition, in definition order, so the output is
 * deterministic. Writing the pages is the caller's business.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { AFTER, DONE_ACTOR, DONE_STATE, ERROR_ACTOR, SNAPSHOT_ACTOR } from './engine';
import { allStateNodes, allTransitions, childStates, guardName } from './transitions';

/** A Mermaid state id for an XState state node id: `login.submitting` → `login_submitting`. */
export function mermaidId(stateId: string): string {
  return stateId.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Text Mermaid accepts inside a label or note (no `;`, `#`, quotes or line breaks). */
function labelText(text: string): string {
  return text.replace(/[;#"\n\r]/g, ' ').trim();
}

/** What an edge is labelled with: the event, in words for XState's own events. */
export function eventLabel(transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  if (type === '') return 'always';
  if (type.startsWith(AFTER)) {
    // xstate.after.<delay>.<source state id>
    const rest = type.slice(AFTER.length);
    const suffix = `.${transition.source.id}`;
    return `after ${rest.endsWith(suffix) ? rest.slice(0, -suffix.length) : rest}`;
  }
  if (type.startsWith(DONE_ACTOR)) return `done: ${type.slice(DONE_ACTOR.length)}`;
  if (type.startsWith(ERROR_ACTOR)) return `error: ${type.slice(ERROR_ACTOR.length)}`;
  if (type.startsWith(SNAPSHOT_ACTOR)) return `snapshot: ${type.slice(SNAPSHOT_ACTOR.length)}`;
  if (type.startsWith(DONE_STATE)) return 'onDone';
  return type;
}

/** The full edge label: the event, then the guard in brackets. */
export function edgeLabel(transition: AnyTransitionDefinition): string {
  const guard = guardName(transition);
  return labelText(guard ? `${eventLabel(transition)} [${guard}]` : eventLabel(transition));
}

function invokeNote(node: AnyStateNode): string | undefined {
  if (node.invoke.length === 0) return undefined;
  const parts = node.invoke.map((invoke) => {
    const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
    return invoke.id === src ? src : `${src} (id ${invoke.id})`;
  });
  return labelText(`invokes ${parts.join(', ')}`);
}

function stateLabel(node: AnyStateNode): string {
  const key = labelText(node.key);
  if (node.type === 'history') return `${key} (${node.history === 'deep' ? 'deep ' : ''}history)`;
  return key;
}

/** The declarations of the children of `node` (recursively), its initial marker and its final states. */
function renderChildren(node: AnyStateNode, indent: string, out: string[]): void {
  const kids = childStates(node);
  if (node.type === 'parallel') {
    // Regions run together: each is a composite of its own, separated by Mermaid's `--`.
    kids.forEach((region, index) => {
      if (index > 0) out.push(`${indent}--`);
      renderState(region, indent, out);
    });
    return;
  }
  for (const child of kids) renderState(child, indent, out);
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) out.push(`${indent}[*] --> ${mermaidId(initial.id)}`);
  for (const child of kids) if (child.type === 'final') out.push(`${indent}${mermaidId(child.id)} --> [*]`);
}

function renderState(node: AnyStateNode, indent: string, out: string[]): void {
  const id = mermaidId(node.id);
  out.push(`${indent}state "${stateLabel(node)}" as ${id}`);
  if (childStates(node).length > 0) {
    out.push(`${indent}state ${id} {`);
    renderChildren(node, `${indent}  `, out);
    out.push(`${indent}}`);
  }
}

/** The Mermaid `stateDiagram-v2` source of one machine. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const nodes = allStateNodes(machine.root);
  const seen = new Map<string, string>();
  for (const node of nodes) {
    const id = mermaidId(node.id);
    const other = seen.get(id);
    if (other !== undefined) throw new Error(`states '${other}' and '${node.id}' both become '${id}' in Mermaid`);
    seen.set(id, node.id);
  }

  const root = machine.root;
  const transitions = allTransitions(machine);
  // Mermaid has no parallel diagram (its `--` is only read inside a composite state), and an edge from or to
  // an undeclared id draws a stray box: such a machine is drawn as one box around its states.
  const drawRoot =
    root.type === 'parallel' ||
    transitions.some((t) => t.source === root || (t.target ?? []).some((target: AnyStateNode) => target === root));
  const out = ['stateDiagram-v2'];
  const rootNote = invokeNote(root);
  if (rootNote && !drawRoot) out.push(`  %% the machine itself ${rootNote}`);
  // States first (nested as in the machine), so that the transitions below only refer to known states.
  if (drawRoot) {
    renderState(root, '  ', out);
    out.push(`  [*] --> ${mermaidId(root.id)}`);
  } else {
    renderChildren(root, '  ', out);
  }
  for (const node of nodes) {
    const note = invokeNote(node);
    if (note && (node !== root || drawRoot)) out.push(`  note right of ${mermaidId(node.id)} : ${note}`);
  }
  for (const transition of transitions) {
    const from = mermaidId(transition.source.id);
    const targets = transition.target?.length ? transition.target : [transition.source];
    for (const target of targets as AnyStateNode[]) {
      out.push(`  ${from} --> ${mermaidId(target.id)} : ${edgeLabel(transition)}`);
    }
  }
  return out.join('\n');
}
