/**
 * The model coverage report's verdict (toolkit/report.ts, used by scripts/model-report.ts).
 */
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/login.machine';
import {
  type BrowserPathFile,
  computeCoverage,
  type CoverageInput,
  definedTransitions,
  escapeHtml,
  formatHtml,
  formatText,
  type MachineReportFile,
} from '../../toolkit';

const login = definedTransitions(loginMachine);
const menu = [
  { key: 'menu.closed|menu.open|0', label: 'menu.closed --menu.open--> menu.open' },
  { key: 'menu.open|menu.close|0', label: 'menu.open --menu.close--> menu.closed' },
];

function machineReport(keys: string[], all = keys): MachineReportFile {
  return { transitions: all.map((key) => ({ key, covered: keys.includes(key) })) };
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
    expect(row.browser).toEqual({ covered: login.length, missed: [], paths: 2 });
    // A machine the browser suite does not map has no browser column.
    expect(coverage.rows.find((r) => r.machine === 'menu')!.browser).toBeNull();
    const text = formatText(coverage);
    expect(text).toMatch(/menu\s+2\s+2\/2\s+—\s+ok/);
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

  it('escapes what it puts in the HTML page', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
    const input = allCovered();
    input.machines[1] = { id: 'menu', defined: [...menu, { key: 'k', label: '<script>alert(1)</script>' }] };
    const html = formatHtml(computeCoverage(input));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
