/**
 * Machine-level model-based suites (vitest), on the statechart toolkit (toolkit/): for one machine,
 *
 * 1. `<id>: generated paths`: every edge path of the traversal replayed on a live actor, then the check that
 *    every defined transition was taken;
 * 2. `<id>: transition pairs`: extra paths for the feasible pairs of transitions the edge paths do not take,
 *    then the check that every feasible pair was taken (the infeasible ones are listed with their reason);
 * 3. `<id>: sneak paths`: every reachable state receives every known event it does not handle, and must not
 *    change;
 * 4. `<id>: guards`: every named guard was seen both true and false during the replays.
 *
 * Each check writes its part of reports/model/machines/<id>.json (scripts/model-report.ts reads it). A failing
 * path prints its events and the command that replays only that path.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import {
  analysePairs,
  checkSneakPaths,
  definedTransitions,
  expectedMicrosteps,
  exploreModel,
  type GuardOutcome,
  guardInventory,
  machineToMermaid,
  type MachineReportFile,
  missingGuardOutcomes,
  type Model,
  PAIR_SEPARATOR,
  pairPaths,
  pairsOf,
  type Path,
  type PathTestOptions,
  replayDetailed,
  generatePaths,
  replay,
  takenMicrosteps,
  tallyGuards,
  vitestCommand,
} from '#toolkit';
import { EXCLUSIONS, isBrowserExclusion } from '../e2e/model/exclusions';

export { generatePaths, replay, type PathTestOptions };

function describePath(path: Path): string {
  const start = path.input === undefined ? 'start' : `start(${JSON.stringify(path.input)})`;
  const events = path.steps.map((step) => step.event.type.replace(/^xstate\./, ''));
  const end = path.steps.at(-1)?.state.value;
  return [start, ...events].join(' → ') + (end === undefined ? '' : ` ⇒ ${JSON.stringify(end)}`);
}

/** An event as a person reads it: its type and, when it has any, its payload (shortened). */
function eventText(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  if (Object.keys(payload).length === 0) return type;
  const json = JSON.stringify(payload, (_key, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : value instanceof Blob ? `Blob(${value.size} B)` : value,
  );
  return `${type} ${json.length > 160 ? `${json.slice(0, 157)}...` : json}`;
}

/** The whole event sequence of a path, one step a line. */
function pathSequence(path: Path): string {
  const lines = [`start${path.input === undefined ? '' : ` with input ${JSON.stringify(path.input)}`}`];
  path.steps.forEach((step, i) =>
    lines.push(`${i + 1}. ${eventText(step.event)} ⇒ ${JSON.stringify(step.state.value)}`),
  );
  return lines.join('\n');
}

function testFile(): string {
  const file = expect.getState().testPath;
  return file ? relative(process.cwd(), file) : 'tests/machines';
}

/** Runs a body; a failure is rethrown with the path's events and the one command that replays just it. */
async function explained<T>(fullName: string, path: Path | undefined, body: () => Promise<T> | T): Promise<T> {
  try {
    return await body();
  } catch (error) {
    const hint = [
      ...(path ? ['', 'Events of this path:', pathSequence(path)] : []),
      '',
      'Run just this test:',
      `  ${vitestCommand(testFile(), fullName)}`,
    ].join('\n');
    if (error instanceof Error) {
      error.message = `${error.message}\n${hint}`;
      throw error;
    }
    throw new Error(`${String(error)}\n${hint}`);
  }
}

function writeReport(report: MachineReportFile): void {
  const folder = join(process.cwd(), 'reports', 'model', 'machines');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${report.machine}.json`), JSON.stringify(report, null, 2));
}

/** The diagram committed in docs/machines/<id>.md, as `npm run machines:diagrams` wrote it. */
function committedDiagram(machineId: string): string | undefined {
  const page = readFileSync(join(process.cwd(), 'docs', 'machines', `${machineId}.md`), 'utf8');
  return /```mermaid\n([\s\S]*?)\n```/.exec(page)?.[1];
}

/** Registers the generated suites and the checks of one machine. */
export function describePathTests<M extends AnyStateMachine>(options: PathTestOptions<M>): void {
  let failure: { error: unknown } | null = null;
  try {
    registerPathTests(options);
  } catch (error) {
    failure = { error };
  }
  // A machine that cannot even be walked fails as a test of its own, not as a file that failed to load (which a
  // runner that only counts failed tests, such as StrykerJS's, would not notice). The test is there when the walk
  // succeeds too: StrykerJS reuses a kill in its next run only when the killing test was in its unmutated run.
  describe(`${options.machine.id}: generated paths`, () => {
    it('can be walked', () => {
      if (failure) throw failure.error;
    });
  });
}

function registerPathTests<M extends AnyStateMachine>(options: PathTestOptions<M>): void {
  const machine = options.machine;
  const id = machine.id;
  const general = options as unknown as PathTestOptions<AnyStateMachine>;
  const defined = definedTransitions(machine);
  const labels = new Map(defined.map((t) => [t.key, t.label]));
  const models = exploreModel(general);
  const paths = generatePaths(general, models);
  const modelOf = (path: Path): Model => models.find((model) => model.input === path.input)!;
  const analysis = analysePairs(general, models, labels);
  const byEdgePaths = new Set(paths.flatMap((path) => pairsOf(expectedMicrosteps(modelOf(path), path))));
  const extraPaths = pairPaths(models, analysis, byEdgePaths);
  const inventory = guardInventory(machine);

  const covered = new Set<string>();
  const pairsTaken = new Set<string>();
  const guardsSeen: GuardOutcome[] = [];
  const pairLabel = (key: string) =>
    key
      .split(PAIR_SEPARATOR)
      .map((k) => labels.get(k) ?? k)
      .join('  ⟶  ');
  const report: MachineReportFile = { machine: id, pathList: [] };

  const registerPath = (suite: string, name: string, path: Path) => {
    const fullName = `${suite} ${name}`;
    report.pathList!.push({
      name: fullName,
      command: vitestCommand('tests/machines', fullName),
      steps: path.steps.map((step) => ({ event: eventText(step.event), state: step.state.value })),
    });
    it(name, () =>
      explained(fullName, path, async () => {
        const result = await replayDetailed(general, path);
        // The live actor takes exactly the microsteps the traversal computed: the browser suite chooses its
        // covering paths by those (toolkit/cover.ts) without replaying them.
        expect(result.microsteps, "the live microsteps, against the model's").toEqual(
          takenMicrosteps(expectedMicrosteps(modelOf(path), path)),
        );
        for (const key of result.transitions) covered.add(key);
        for (const pair of pairsOf(result.microsteps)) pairsTaken.add(pair);
        guardsSeen.push(...result.guards);
      }),
    );
  };

  const pathsSuite = `${id}: generated paths`;
  describe(pathsSuite, () => {
    for (const [index, path] of paths.entries()) registerPath(pathsSuite, `#${index + 1} ${describePath(path)}`, path);

    // The paths come from the machine itself, so they pass whatever it says: this holds it to its reviewed,
    // committed diagram (states, initial states, events, guards and targets).
    it('is the statechart its committed diagram shows (docs/machines)', () => {
      expect(machineToMermaid(options.machine)).toBe(committedDiagram(id));
    });

    const name = 'takes every transition the machine defines';
    it(name, () =>
      explained(`${pathsSuite} ${name}`, undefined, () => {
        const missed = defined.filter((transition) => !covered.has(transition.key)).map((t) => t.label);
        Object.assign(report, {
          defined: defined.length,
          covered: defined.length - missed.length,
          paths: paths.length,
          missed,
          transitions: defined.map((t) => ({ key: t.key, label: t.label, covered: covered.has(t.key) })),
        });
        console.log(`${id}: ${report.covered}/${report.defined} transitions covered by ${report.paths} paths`);
        writeReport(report);
        expect(missed, `transitions no path takes in '${id}'`).toEqual([]);
      }),
    );
  });

  const pairsSuite = `${id}: transition pairs`;
  describe(pairsSuite, () => {
    for (const [index, path] of extraPaths.entries()) {
      registerPath(pairsSuite, `pairs #${index + 1} ${describePath(path)}`, path);
    }

    const name = 'takes every feasible pair of transitions';
    it(name, () =>
      explained(`${pairsSuite} ${name}`, undefined, () => {
        const missed = [...analysis.feasible.keys()].filter((key) => !pairsTaken.has(key));
        report.pairs = {
          candidates: analysis.candidates,
          feasible: analysis.feasible.size,
          covered: analysis.feasible.size - missed.length,
          paths: extraPaths.length,
          missed: missed.map((key) => ({ key, label: pairLabel(key) })),
          infeasible: analysis.infeasible.map(({ key, reason }) => ({ key, label: pairLabel(key), reason })),
        };
        console.log(
          `${id}: ${report.pairs.covered}/${report.pairs.feasible} feasible transition pairs covered ` +
            `(${extraPaths.length} extra paths), ${analysis.infeasible.length} proven infeasible`,
        );
        writeReport(report);
        expect(missed.map(pairLabel), `feasible transition pairs no path takes in '${id}'`).toEqual([]);
      }),
    );
  });

  const sneakSuite = `${id}: sneak paths`;
  describe(sneakSuite, () => {
    const name = 'every reachable state ignores the known events it does not handle';
    it(name, () =>
      explained(`${sneakSuite} ${name}`, undefined, () => {
        const result = checkSneakPaths(general, models);
        const failures = result.failures.map((failure) =>
          [
            `in ${failure.state}, reached by:`,
            pathSequence({ input: failure.input, steps: failure.route }).replace(/^/gm, '    '),
            `  the unhandled event ${eventText(failure.event)} changed: ${failure.changes.join('; ')}`,
          ].join('\n'),
        );
        report.sneak = { checked: result.checked, failures };
        console.log(`${id}: ${result.checked} sneak events checked, ${failures.length} changed something`);
        writeReport(report);
        expect(failures, `unhandled events that changed '${id}'`).toEqual([]);
      }),
    );
  });

  const guardsSuite = `${id}: guards`;
  describe(guardsSuite, () => {
    const name = 'every named guard was seen both true and false';
    it(name, () =>
      explained(`${guardsSuite} ${name}`, undefined, () => {
        const tally = tallyGuards(inventory.named, guardsSeen);
        const exclusions = EXCLUSIONS.filter((e) => !isBrowserExclusion(e) && e.machine === id).map(
          (e) => e as { guard: string; outcome: boolean; reason: string },
        );
        const excluded = new Set(exclusions.map((e) => `${e.guard}=${e.outcome}`));
        const unknown = exclusions.filter((e) => !inventory.named.includes(e.guard)).map((e) => e.guard);
        const missing = missingGuardOutcomes(tally).filter((outcome) => !excluded.has(outcome));
        report.guards = {
          tally,
          missing,
          excluded: exclusions.map((e) => ({ outcome: `${e.guard}=${e.outcome}`, reason: e.reason })),
          unobservable: inventory.unobservable,
        };
        console.log(`${id}: ${inventory.named.length} named guards, missing outcomes: ${missing.join(', ') || 'none'}`);
        writeReport(report);
        expect(unknown, `guard exclusions naming no guard of '${id}' (tests/e2e/model/exclusions.ts)`).toEqual([]);
        expect(inventory.unobservable, `inline guards of '${id}' (name them in setup({ guards }))`).toEqual([]);
        expect(missing, `guard outcomes never seen in '${id}'`).toEqual([]);
      }),
    );
  });
}
