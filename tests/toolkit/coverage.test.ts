/**
 * The coverage arithmetic (toolkit/coverage.ts) on an input worked out by hand (./coverage-input.ts): every row,
 * every count, every problem and the verdict, exactly.
 */
import { describe, expect, it } from 'vitest';
import { computeCoverage, isTransitionExclusion } from '#toolkit';
import { D, doorAndLamp } from './coverage-input';

const NONE = { named: 0, complete: 0, tally: {}, missing: [], excluded: [], unobservable: [] };

describe('coverage, counted', () => {
  it('counts every level of every machine, sorted by id, with a row for a mapped machine that does not exist', () => {
    const coverage = computeCoverage(doorAndLamp());
    expect(coverage.ok).toBe(false);
    expect(coverage.exclusions).toEqual(doorAndLamp().exclusions);
    expect(coverage.rows).toEqual([
      {
        machine: 'door',
        defined: 3,
        machineLevel: { covered: 2, missed: [D[2]!.label] },
        // Two paths take the two others; the third is excused by its reason.
        browser: { covered: 2, missed: [], paths: 2, excluded: [{ ...D[2]!, reason: 'needs a key' }] },
        pairs: { feasible: 3, covered: 2, infeasible: 2, missed: ['open >> close'] },
        sneak: { checked: 4, failures: ['in shut, reached by: start\n  the unhandled event close changed: context'] },
        // The guards the machine has now: 'gone' is in the report only, 'isOld' in the machine only.
        guards: {
          named: 2,
          complete: 0,
          tally: { isLocked: { true: 1, false: 0 }, isOld: { true: 0, false: 0 } },
          missing: ['isLocked=false', 'isOld=false'],
          excluded: [
            { outcome: 'isOld=true', reason: 'no old doors' },
            { outcome: 'isLocked=true', reason: 'seen anyway' },
          ],
          unobservable: ['inline guard isWide'],
        },
        exclusionProblems: [],
        staleExclusions: ["'isLocked=true' was seen after all"],
        ok: false,
      },
      {
        machine: 'lamp',
        defined: 1,
        machineLevel: { covered: 1, missed: [] },
        browser: null,
        pairs: { feasible: 0, covered: 0, infeasible: 0, missed: [] },
        sneak: { checked: 0, failures: [] },
        guards: NONE,
        exclusionProblems: [],
        staleExclusions: [],
        ok: true,
      },
      {
        machine: 'ghost',
        defined: 0,
        machineLevel: { covered: 0, missed: [], problem: 'no such machine in machines/' },
        browser: { covered: 0, missed: [], paths: 0, problem: 'no such machine in machines/' },
        pairs: { feasible: 0, covered: 0, infeasible: 0, missed: [] },
        sneak: { checked: 0, failures: [] },
        guards: NONE,
        exclusionProblems: [],
        staleExclusions: [],
        ok: false,
      },
    ]);
  });

  it('passes a machine only when nothing at all is missing', () => {
    const input = doorAndLamp();
    input.machines = input.machines.filter((m) => m.id === 'lamp');
    input.browserMapped = [];
    input.exclusions = [];
    expect(computeCoverage(input).ok).toBe(true);
    // Each shortfall alone fails lamp.
    const lamp = input.machineReports.lamp!;
    const broken = [
      { ...lamp, transitions: [{ key: 'lamp.off|on|0', covered: false }] },
      { ...lamp, transitions: undefined },
      { ...lamp, pairs: { ...lamp.pairs!, missed: [{ key: 'x', label: 'x' }] } },
      { ...lamp, pairs: undefined },
      { ...lamp, sneak: { checked: 1, failures: ['x'] } },
      { ...lamp, sneak: undefined },
      { ...lamp, guards: { ...lamp.guards!, tally: { g: { true: 1, false: 0 } } } },
      { ...lamp, guards: { ...lamp.guards!, unobservable: ['inline guard g'] } },
    ];
    expect(broken.map((report) => computeCoverage({ ...input, machineReports: { lamp: report } }).ok)).toEqual(
      broken.map(() => false),
    );
    const withGuard = { ...input, machines: [{ id: 'lamp', defined: input.machines[0]!.defined, guards: ['g'] }] };
    const noGuards = { ...withGuard, machineReports: { lamp: { ...lamp, guards: undefined } } };
    expect(computeCoverage(noGuards).rows[0]!.guards).toEqual({
      ...NONE,
      named: 1,
      problem: `no guard report (npx vitest run tests/machines)`,
    });
    expect(computeCoverage({ ...input, browserMapped: ['lamp'] }).ok).toBe(false);
  });

  it('counts a guard complete only with both outcomes seen, and names each outcome never seen', () => {
    const input = doorAndLamp();
    const lamp = input.machineReports.lamp!;
    const guards = ['both', 'onlyFalse', 'onlyTrue', 'never'];
    input.machines = [{ id: 'lamp', defined: input.machines[0]!.defined, guards }];
    input.browserMapped = [];
    input.exclusions = [];
    const tally = { both: { true: 2, false: 1 }, onlyFalse: { true: 0, false: 3 }, onlyTrue: { true: 1, false: 0 } };
    input.machineReports = { lamp: { ...lamp, guards: { ...lamp.guards!, tally } } };
    const [row] = computeCoverage(input).rows;
    expect(row!.guards).toEqual({
      ...NONE,
      named: 4,
      complete: 1,
      tally: { ...tally, never: { true: 0, false: 0 } },
      missing: ['onlyFalse=true', 'onlyTrue=false', 'never=true', 'never=false'],
    });
    expect(row!.ok).toBe(false);
  });

  it('says why a report could not be read', () => {
    const input = doorAndLamp();
    input.machineReports = { door: { transitions: undefined } };
    input.browserReports = {};
    const [door, lamp] = computeCoverage(input).rows;
    expect(door!.machineLevel).toEqual({
      covered: 0,
      missed: D.map((t) => t.label),
      problem: 'the machine-level report lists no transitions (stale: rerun the path tests)',
    });
    // Without a browser report every transition the exclusions do not excuse is missed.
    expect(door!.browser).toEqual({
      covered: 0,
      missed: [D[0]!.label, D[1]!.label],
      problem: 'no browser report (npx playwright test tests/e2e/model.spec.ts)',
      paths: 0,
      excluded: [{ ...D[2]!, reason: 'needs a key' }],
    });
    expect(door!.pairs).toEqual({
      feasible: 0,
      covered: 0,
      infeasible: 0,
      missed: [],
      problem: 'no pair report (npx vitest run tests/machines)',
    });
    expect(door!.sneak).toEqual({
      checked: 0,
      failures: [],
      problem: 'no sneak-path report (npx vitest run tests/machines)',
    });
    expect(door!.guards.problem).toBe('no guard report (npx vitest run tests/machines)');
    expect(lamp!.machineLevel.problem).toBe('no machine-level report (npx vitest run tests/machines)');
    expect(lamp!.guards).toEqual(NONE);
  });

  it('fails an exclusion that names nothing, and counts one no longer needed', () => {
    const input = doorAndLamp();
    input.exclusions = [
      { machine: 'door', transition: 'door.x|y|0', reason: 'a' },
      { machine: 'door', transition: D[0]!.key, reason: 'b' },
      { machine: 'door', guard: 'isNew', outcome: false, reason: 'c' },
      { machine: 'nobody', guard: 'g', outcome: true, reason: 'd' },
    ];
    const rows = computeCoverage(input).rows;
    expect(rows.map((r) => [r.machine, r.exclusionProblems, r.staleExclusions])).toEqual([
      [
        'door',
        [
          "the exclusion of 'door.x|y|0' names no transition of door",
          "the exclusion of 'isNew=false' names no guard of door",
        ],
        [`'${D[0]!.key}' was taken in the browser after all`],
      ],
      ['lamp', [], []],
      ['ghost', [], []],
      ['nobody', ['an exclusion names no such machine in machines/'], []],
    ]);
    expect(rows.at(-1)!.browser).toBeNull();
    expect(isTransitionExclusion(input.exclusions[1]!)).toBe(true);
    expect(isTransitionExclusion(input.exclusions[2]!)).toBe(false);
  });
});
