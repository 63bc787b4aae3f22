/**
 * The model coverage report: its verdict (toolkit/coverage.ts) and its text and HTML (toolkit/report.ts, report-html.ts), as scripts/model-report.ts uses them.
 */
import { describe, expect, it } from 'vitest';
import { loginMachine } from '#machines/login.machine';
import {
  type BrowserPathFile,
  computeCoverage,
  type CoverageInput,
  definedTransitions,
  escapeHtml,
  formatHtml,
  formatText,
  type MachineReportFile,
} from '#toolkit';

const login = definedTransitions(loginMachine);
const menu = [
  { key: 'menu.closed|menu.open|0', label: 'menu.closed --menu.open--> menu.open' },
  { key: 'menu.open|menu.close|0', label: 'menu.open --menu.close--> menu.closed' },
];

function machineReport(keys: string[], all = keys): MachineReportFile {
  return {
    transitions: all.map((key) => ({ key, covered: keys.includes(key) })),
    pairs: { candidates: 4, feasible: 2, covered: 2, paths: 0, missed: [], infeasible: [] },
    sneak: { checked: 3, failures: [] },
    guards: { tally: {}, missing: [], excluded: [], unobservable: [] },
  };
}

function allCovered(): CoverageInput {
  return {
    machines: [
      { id: 'login', defined: login },
      { id: 'menu', defined: menu },
    ],
    machineReports: {
      login: machineReport(login.map((t) => t.key)),
      menu: machineReport(menu.map((t) => t.key)),
    },
    browserReports: {
      login: [
        { title: '#1', transitions: login.slice(0, 3).map((t) => t.key) },
        { title: '#2', transitions: login.slice(3).map((t) => t.key) },
      ],
    },
    browserMapped: ['login'],
  };
}

describe('model coverage report', () => {
  it('passes when every transition is covered at machine level and, for mapped machines, in the browser', () => {
    const coverage = computeCoverage(allCovered());
    expect(coverage.ok).toBe(true);
    const row = coverage.rows.find((r) => r.machine === 'login')!;
    expect(row).toMatchObject({ defined: login.length, ok: true });
    expect(row.machineLevel).toEqual({ covered: login.length, missed: [] });
    expect(row.browser).toEqual({ covered: login.length, missed: [], paths: 2, excluded: [] });
    // A machine the browser suite does not map has no browser column.
    expect(coverage.rows.find((r) => r.machine === 'menu')!.browser).toBeNull();
    const text = formatText(coverage);
    expect(text).toMatch(/menu\s+2\s+2\/2\s+—\s+2\/2 \+0 infeasible\s+3\s+0\/0\s+ok/);
    expect(text).toContain('Exclusions (tests/e2e/model/exclusions.ts):\n  none');
    expect(text).not.toContain('Uncovered');
  });

  it('fails and names a transition the machine-level paths missed', () => {
    const input = allCovered();
    const missed = login[2]!;
    input.machineReports.login = machineReport(
      login.filter((t) => t !== missed).map((t) => t.key),
      login.map((t) => t.key),
    );
    const coverage = computeCoverage(input);
    expect(coverage.ok).toBe(false);
    const row = coverage.rows.find((r) => r.machine === 'login')!;
    expect(row.machineLevel.missed).toEqual([missed.label]);
    expect(formatText(coverage)).toContain(`login (machine level): ${missed.label}`);
  });

  it('fails and names a transition no browser path took', () => {
    const input = allCovered();
    input.browserReports.login = [{ title: '#1', transitions: login.slice(1).map((t) => t.key) }];
    const coverage = computeCoverage(input);
    expect(coverage.ok).toBe(false);
    expect(coverage.rows.find((r) => r.machine === 'login')!.browser!.missed).toEqual([login[0]!.label]);
    expect(formatText(coverage)).toContain(`login (browser): ${login[0]!.label}`);
  });

  it('counts a browser-mapped machine without any browser report as 0 covered', () => {
    for (const reports of [undefined, [] as BrowserPathFile[]]) {
      const input = allCovered();
      input.browserReports.login = reports;
      const coverage = computeCoverage(input);
      expect(coverage.ok).toBe(false);
      const browser = coverage.rows.find((r) => r.machine === 'login')!.browser!;
      expect(browser.covered).toBe(0);
      expect(browser.missed).toHaveLength(login.length);
      expect(browser.problem).toMatch(/no browser report/);
      expect(formatText(coverage)).toMatch(
        new RegExp(`login\\s+${login.length}\\s+${login.length}/${login.length}\\s+0/`),
      );
    }
  });

  it('counts from the machine as it is now: a transition the (stale) report does not know is uncovered', () => {
    const input = allCovered();
    const added = { key: 'menu.open|menu.toggle|0', label: 'menu.open --menu.toggle--> menu.closed' };
    input.machines[1] = { id: 'menu', defined: [...menu, added] };
    const coverage = computeCoverage(input);
    expect(coverage.ok).toBe(false);
    expect(coverage.rows.find((r) => r.machine === 'menu')!.machineLevel).toEqual({
      covered: 2,
      missed: [added.label],
    });
  });

  it('fails a machine that has no machine-level report', () => {
    const input = allCovered();
    delete input.machineReports.menu;
    const coverage = computeCoverage(input);
    expect(coverage.ok).toBe(false);
    expect(formatText(coverage)).toContain('menu (machine level): no machine-level report');
  });

  it('fails on a feasible pair no path took, a sneak event that changed something, a guard outcome never seen', () => {
    const input = allCovered();
    const report = input.machineReports.menu!;
    report.pairs = { ...report.pairs!, covered: 1, missed: [{ key: 'a >> b', label: 'A  ⟶  B' }] };
    report.sneak = { checked: 3, failures: ['in closed, reached by: start\n  the unhandled event x changed: context'] };
    report.guards = {
      tally: { isOpen: { true: 2, false: 0 } },
      missing: ['isOpen=false'],
      excluded: [],
      unobservable: [],
    };
    input.machines[1] = { id: 'menu', defined: menu, guards: ['isOpen'] };
    const coverage = computeCoverage(input);
    expect(coverage.ok).toBe(false);
    const text = formatText(coverage);
    expect(text).toContain('menu (pair): A  ⟶  B');
    expect(text).toContain('menu (sneak path): in closed, reached by: start');
    expect(text).toContain('menu (guard outcome never seen): isOpen=false');
  });

  it('fails a machine whose report has no pairs, sneak paths or guards (a stale report)', () => {
    const input = allCovered();
    input.machines[1] = { id: 'menu', defined: menu, guards: ['isOpen'] };
    input.machineReports.menu = { transitions: menu.map((t) => ({ key: t.key, covered: true })) };
    const text = formatText(computeCoverage(input));
    expect(text).toContain('menu (pairs): no pair report');
    expect(text).toContain('menu (sneak paths): no sneak-path report');
    expect(text).toContain('menu (guards): no guard report');
  });

  it('lets a reviewed exclusion excuse a browser transition and an impossible guard outcome, and prints them', () => {
    const input = allCovered();
    input.browserReports.login = [{ title: '#1', transitions: login.slice(1).map((t) => t.key) }];
    input.machines[1] = { id: 'menu', defined: menu, guards: ['isOpen'] };
    input.machineReports.menu!.guards = {
      tally: { isOpen: { true: 2, false: 0 } },
      missing: ['isOpen=false'],
      excluded: [],
      unobservable: [],
    };
    input.exclusions = [
      { machine: 'login', transition: login[0]!.key, reason: 'only a script could send it' },
      { machine: 'menu', guard: 'isOpen', outcome: false, reason: 'the menu is never asked while closed' },
    ];
    const coverage = computeCoverage(input);
    expect(coverage.ok).toBe(true);
    const text = formatText(coverage);
    expect(text).toContain(`login (browser): ${login[0]!.key}: only a script could send it`);
    expect(text).toContain('menu (guard): isOpen=false: the menu is never asked while closed');
    expect(text).toMatch(/\(1 excl\.\)/);
  });

  it('fails on an exclusion that names no transition, no guard or no machine', () => {
    for (const exclusion of [
      { machine: 'login', transition: 'login.nowhere|login.fly|0', reason: 'x' },
      { machine: 'menu', guard: 'noSuchGuard', outcome: true, reason: 'x' },
      { machine: 'noSuchMachine', transition: 'a|b|0', reason: 'x' },
    ]) {
      const input = allCovered();
      input.machines[1] = { id: 'menu', defined: menu, guards: [] };
      input.exclusions = [exclusion];
      const coverage = computeCoverage(input);
      expect(coverage.ok, JSON.stringify(exclusion)).toBe(false);
      expect(formatText(coverage)).toMatch(/\(exclusions\): .*(names no|no such machine)/);
    }
  });

  it('escapes what it puts in the HTML page', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
    const input = allCovered();
    input.machines[1] = { id: 'menu', defined: [...menu, { key: 'k', label: '<script>alert(1)</script>' }] };
    const html = formatHtml(computeCoverage(input));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
