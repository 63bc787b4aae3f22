/**
 * Machine-level model-based path tests (vitest), on the statechart toolkit (toolkit/engine.ts):
 * every edge path replayed on a live actor, then the check that every defined transition was taken.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  definedTransitions,
  generatePaths,
  machineToMermaid,
  type Path,
  type PathTestOptions,
  replay,
} from '../../toolkit';

export { generatePaths, replay, type PathTestOptions };

function describePath(path: Path): string {
  const start = path.input === undefined ? 'start' : `start(${JSON.stringify(path.input)})`;
  const events = path.steps.map((step) => step.event.type.replace(/^xstate\./, ''));
  const end = path.steps.at(-1)?.state.value;
  return [start, ...events].join(' → ') + (end === undefined ? '' : ` ⇒ ${JSON.stringify(end)}`);
}

/** The diagram committed in docs/machines/<id>.md, as `npm run machines:diagrams` wrote it. */
function committedDiagram(machineId: string): string | undefined {
  const page = readFileSync(join(process.cwd(), 'docs', 'machines', `${machineId}.md`), 'utf8');
  return /```mermaid\n([\s\S]*?)\n```/.exec(page)?.[1];
}

/**
 * Registers the generated path tests, the coverage check and the shape check of one machine. The paths are
 * generated from the machine itself, so they pass for whatever the machine says; the shape check holds it to
 * its reviewed, committed diagram (states, initial states, events, guards and targets).
 */
export function describePathTests<M extends AnyStateMachine>(options: PathTestOptions<M>): void {
  const machine = options.machine;
  const general = options as unknown as PathTestOptions<AnyStateMachine>;
  let defined: ReturnType<typeof definedTransitions>;
  let paths: Path[];
  try {
    defined = definedTransitions(machine);
    paths = generatePaths(general);
  } catch (error) {
    // A machine that cannot even be walked fails as a test of its own, not as a file that failed to load
    // (which a runner that only counts failed tests, such as StrykerJS's, would not notice).
    describe(`${machine.id}: generated paths`, () => {
      it('can be walked', () => {
        throw error;
      });
    });
    return;
  }
  const covered = new Set<string>();

  describe(`${machine.id}: generated paths`, () => {
    for (const [index, path] of paths.entries()) {
      it(`#${index + 1} ${describePath(path)}`, async () => {
        for (const key of await replay(general, path)) covered.add(key);
      });
    }

    it('is the statechart its committed diagram shows (docs/machines)', () => {
      expect(machineToMermaid(machine)).toBe(committedDiagram(machine.id));
    });

    it('takes every transition the machine defines', () => {
      const missed = defined.filter((transition) => !covered.has(transition.key)).map((t) => t.label);
      const report = {
        machine: machine.id,
        defined: defined.length,
        covered: defined.length - missed.length,
        paths: paths.length,
        missed,
        /** Every defined transition, by key, with its label and whether a path took it. */
        transitions: defined.map((t) => ({ key: t.key, label: t.label, covered: covered.has(t.key) })),
      };
      console.log(`${machine.id}: ${report.covered}/${report.defined} transitions covered by ${report.paths} paths`);
      const folder = join(process.cwd(), 'reports', 'model', 'machines');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${machine.id}.json`), JSON.stringify(report, null, 2));
      expect(missed, `transitions no path takes in '${machine.id}'`).toEqual([]);
    });
  });
}
