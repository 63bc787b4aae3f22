/**
 * The generated statechart diagrams (scripts/diagrams.ts): complete for real machines, and the committed
 * docs/machines/ pages are what the machines generate today.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appStartMachine } from '#machines/appStart.machine';
import { loginMachine } from '#machines/login.machine';
import { DOCS_DIR, generateDiagrams } from '#scripts/diagrams';
import { definedTransitions, edgeLabel, mermaidId, transitionsOf } from '#toolkit';

let outDir: string;
let generated: Map<string, string>;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'diagrams-'));
  generated = await generateDiagrams(outDir);
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

function mermaidOf(machine: AnyStateMachine): string {
  const page = readFileSync(join(outDir, `${machine.id}.md`), 'utf8');
  const block = /```mermaid\n([\s\S]*?)\n```/.exec(page);
  expect(block, `a mermaid block in ${machine.id}.md`).not.toBeNull();
  return block![1]!;
}

describe.each([
  ['login', loginMachine as AnyStateMachine],
  ['appStart', appStartMachine as AnyStateMachine],
])('the diagram of %s', (_name, machine) => {
  it('is a stateDiagram-v2 that names every state with a readable label', () => {
    const text = mermaidOf(machine);
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const node of allNodes(machine.root).slice(1)) {
      expect(text).toContain(`state "${node.key}" as ${mermaidId(node.id)}`);
      expect(mermaidId(node.id)).not.toContain('.');
    }
  });

  it('draws every transition the machine defines, labelled with its event and guard', () => {
    const text = mermaidOf(machine);
    const edges = text.split('\n').filter((line) => / --> /.test(line) && !line.includes('[*]'));
    const transitions = allNodes(machine.root).flatMap(transitionsOf);
    expect(transitions).toHaveLength(definedTransitions(machine).length);
    for (const transition of transitions) {
      const from = mermaidId(transition.source.id);
      const targets = transition.target?.length ? transition.target : [transition.source];
      for (const target of targets) {
        expect(edges).toContain(`  ${from} --> ${mermaidId(target.id)} : ${edgeLabel(transition)}`);
      }
    }
    expect(edges.length).toBe(transitions.reduce((sum, t) => sum + Math.max(1, t.target?.length ?? 0), 0));
  });
});

describe('what the diagrams show', () => {
  it('login: initial and final states, invoked actors, delays, actor results and self loops', () => {
    const text = mermaidOf(loginMachine);
    expect(text).toContain('  [*] --> login_editing');
    expect(text).toContain('    [*] --> login_submitting_spinning');
    expect(text).toContain('  login_succeeded --> [*]');
    expect(text).toContain('note right of login_submitting : invokes loginWithEmail (id loginRequest)');
    expect(text).toContain('login_submitting_spinning --> login_submitting_waiting : after spinnerLimit');
    expect(text).toContain('login_submitting --> login_succeeded : done: loginRequest');
    expect(text).toContain('login_withGoogle --> login_editing : error: googleRequest');
    expect(text).toContain('login_editing --> login_editing : login.change');
    expect(text).toContain('state login_submitting {');
  });

  it('appStart: the parallel splash with its two regions separated by --', () => {
    const text = mermaidOf(appStartMachine);
    const splash = text.slice(text.indexOf('state appStart_splash {'));
    const message = splash.indexOf('state appStart_splash_message {');
    const separator = splash.indexOf('\n      --\n'); // inside the machine's own box (it has transitions of its own)
    const auth = splash.indexOf('state appStart_splash_auth {');
    expect(message).toBeGreaterThan(0);
    expect(separator).toBeGreaterThan(message);
    expect(auth).toBeGreaterThan(separator);
    expect(text).toContain('appStart_splash --> appStart_ready : onDone');
    expect(text).toContain('appStart_splash_message_shownLongEnough --> [*]');
    expect(text).toContain('appStart_splash_auth_pending --> appStart_splash_auth_settled : appStart.authSettled');
  });

  it('indexes every machine in README.md', () => {
    const index = generated.get('README.md')!;
    for (const name of generated.keys()) {
      if (name !== 'README.md') expect(index).toContain(`(${name})`);
    }
  });
});

describe('the committed docs/machines', () => {
  it('are up to date (run `npm run machines:diagrams` after changing a machine)', () => {
    const committed = readdirSync(DOCS_DIR)
      .filter((name) => name.endsWith('.md'))
      .sort();
    expect(committed).toEqual([...generated.keys()].sort());
    for (const [name, text] of generated) {
      expect(readFileSync(join(DOCS_DIR, name), 'utf8'), `docs/machines/${name}`).toBe(text);
    }
  });

  it('are generated the same way every time', async () => {
    const again = mkdtempSync(join(tmpdir(), 'diagrams-again-'));
    try {
      const second = await generateDiagrams(again);
      expect([...second.entries()]).toEqual([...generated.entries()]);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});
