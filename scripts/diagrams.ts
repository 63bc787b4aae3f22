/**
 * `npm run machines:diagrams`: one Mermaid state diagram per machine in machines/*.machine.ts, written to
 * docs/machines/<machineId>.md, plus docs/machines/README.md indexing them. The diagrams are read from the
 * real machines through the toolkit's graph walker (toolkit/transitions.ts), so they cannot drift from the
 * code; the unit test tests/unit/diagrams.test.ts fails when a committed diagram is out of date.
 *
 * Output is deterministic: machines in file-name order, states and transitions in definition order.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  AFTER,
  allStateNodes,
  allTransitions,
  childStates,
  DONE_ACTOR,
  DONE_STATE,
  ERROR_ACTOR,
  guardName,
} from '../toolkit';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MACHINES_DIR = join(ROOT, 'machines');
export const DOCS_DIR = join(ROOT, 'docs', 'machines');

export interface FoundMachine {
  /** The file, relative to the project root: `machines/login.machine.ts`. */
  file: string;
  /** The export's name: `loginMachine`. */
  exportName: string;
  machine: AnyStateMachine;
}

function looksLikeMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'id' in value;
}

/** Every machine exported by machines/*.machine.ts, in file-name then export order. */
export async function loadMachines(dir = MACHINES_DIR): Promise<FoundMachine[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.machine.ts'))
    .sort();
  const found: FoundMachine[] = [];
  for (const name of files) {
    const module = (await import(pathToFileURL(join(dir, name)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (looksLikeMachine(value)) found.push({ file: `machines/${name}`, exportName, machine: value });
    }
  }
  const ids = new Map<string, string>();
  for (const { file, machine } of found) {
    const other = ids.get(machine.id);
    if (other) throw new Error(`two machines with the id '${machine.id}': ${other} and ${file}`);
    ids.set(machine.id, file);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Mermaid text

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

  const out = ['stateDiagram-v2'];
  const rootNote = invokeNote(machine.root);
  if (rootNote) out.push(`  %% the machine itself ${rootNote}`);
  // States first (nested as in the machine), so that the transitions below only refer to known states.
  renderChildren(machine.root, '  ', out);
  for (const node of nodes) {
    const note = invokeNote(node);
    if (note && node !== machine.root) out.push(`  note right of ${mermaidId(node.id)} : ${note}`);
  }
  for (const transition of allTransitions(machine)) {
    const from = mermaidId(transition.source.id);
    const targets = transition.target?.length ? transition.target : [transition.source];
    for (const target of targets as AnyStateNode[]) {
      out.push(`  ${from} --> ${mermaidId(target.id)} : ${edgeLabel(transition)}`);
    }
  }
  return out.join('\n');
}

/** The Markdown page of one machine. */
export function machinePage({ file, exportName, machine }: FoundMachine): string {
  return [
    `# ${machine.id}`,
    '',
    `The statechart of \`${exportName}\` (\`${file}\`), generated by \`npm run machines:diagrams\`: do not edit by hand.`,
    '',
    '```mermaid',
    machineToMermaid(machine),
    '```',
    '',
  ].join('\n');
}

/** docs/machines/README.md: the index. */
export function indexPage(machines: FoundMachine[]): string {
  const count = (machine: AnyStateMachine) => allStateNodes(machine.root).length - 1;
  const transitions = (machine: AnyStateMachine) => allTransitions(machine).length;
  return [
    '# Statecharts',
    '',
    'One Mermaid state diagram per machine in `machines/`, generated from the machines themselves by',
    '`npm run machines:diagrams` (do not edit by hand; `tests/unit/diagrams.test.ts` fails when one is out of date).',
    '',
    'Edges are labelled with the event; `after <delay>` is a named delay, `done: <id>` / `error: <id>` the',
    'result of an invoked actor, `always` an eventless transition, `onDone` a compound or parallel state',
    'reaching its final state(s), `[name]` a guard. A loop on a state is a transition that only runs actions.',
    'Notes name the actors a state invokes; `--` separates the regions of a parallel state.',
    '',
    '| machine | file | states | transitions |',
    '| --- | --- | --- | --- |',
    ...machines.map(
      (found) =>
        `| [${found.machine.id}](${found.machine.id}.md) | \`${found.file}\` | ${count(found.machine)} | ${transitions(found.machine)} |`,
    ),
    '',
  ].join('\n');
}

/** Writes every page into `outDir`; answers the written files' names and texts. */
export async function generateDiagrams(outDir = DOCS_DIR, machinesDir = MACHINES_DIR): Promise<Map<string, string>> {
  const machines = await loadMachines(machinesDir);
  const files = new Map<string, string>();
  for (const found of machines) files.set(`${found.machine.id}.md`, machinePage(found));
  files.set('README.md', indexPage(machines));
  mkdirSync(outDir, { recursive: true });
  // A page of a machine that no longer exists goes.
  for (const name of readdirSync(outDir)) if (name.endsWith('.md') && !files.has(name)) rmSync(join(outDir, name));
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await generateDiagrams();
  console.log(`wrote ${files.size} files to ${DOCS_DIR.slice(ROOT.length + 1)}/`);
}
