/**
 * The coverage report as text and as HTML (toolkit/report.ts, report-html.ts) for the input worked out by hand
 * (./coverage-input.ts): the whole text, line by line, and the HTML rows that carry the numbers.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCoverage,
  escapeHtml,
  exclusionLines,
  formatHtml,
  formatMachineHtml,
  formatText,
  TABLE_HEADER,
  tableCells,
  uncoveredLines,
} from '#toolkit';
import { D, doorAndLamp } from './coverage-input';

describe('the text report', () => {
  it('prints the aligned table, the exclusions, the stale ones, everything missing and the verdict', () => {
    expect(formatText(computeCoverage(doorAndLamp())).split('\n')).toEqual([
      'machine  defined  machine level        browser              pairs       sneak  guards',
      '-------  -------  -------------  -------------  -----------------  ----------  ------  -------',
      'door           3            2/3  2/3 (1 excl.)  2/3 +2 infeasible  4 (1 FAIL)     0/2  MISSING',
      'lamp           1            1/1              —  0/0 +0 infeasible           0     0/0       ok',
      'ghost          0            0/0            0/0  0/0 +0 infeasible           0     0/0  MISSING',
      '',
      'Exclusions (tests/e2e/model/exclusions.ts):',
      '  door (browser): door.shut|lock|0: needs a key',
      '  door (guard): isOld=true: no old doors',
      '  door (guard): isLocked=true: seen anyway',
      '',
      'Exclusions no longer needed (remove them):',
      "  door: 'isLocked=true' was seen after all",
      '',
      'Uncovered:',
      `  door (machine level): ${D[2]!.label}`,
      '  door (pair): open >> close',
      '  door (sneak path): in shut, reached by: start',
      '  door (guard outcome never seen): isLocked=false',
      '  door (guard outcome never seen): isOld=false',
      '  door (guard cannot be watched): inline guard isWide',
      '  ghost (machine level): no such machine in machines/',
      '  ghost (browser): no such machine in machines/',
      '',
      'Coverage is incomplete: 2 machine(s) miss something.',
    ]);
  });

  it('prints a question mark for what has no report, and the problems and missed labels one line each', () => {
    const input = doorAndLamp();
    input.machineReports = {};
    input.browserReports = { door: [{ transitions: [D[1]!.key] }] };
    input.exclusions = [];
    const coverage = computeCoverage(input);
    expect(tableCells(coverage.rows[0]!)).toEqual(['door', '3', '0/3', '1/3', '?', '?', '?', 'MISSING']);
    expect(uncoveredLines(coverage).slice(0, 10)).toEqual([
      'door (machine level): no machine-level report (npx vitest run tests/machines)',
      `door (machine level): ${D[0]!.label}`,
      `door (machine level): ${D[1]!.label}`,
      `door (machine level): ${D[2]!.label}`,
      `door (browser): ${D[0]!.label}`,
      `door (browser): ${D[2]!.label}`,
      'door (pairs): no pair report (npx vitest run tests/machines)',
      'door (sneak paths): no sneak-path report (npx vitest run tests/machines)',
      'door (guards): no guard report (npx vitest run tests/machines)',
      'lamp (machine level): no machine-level report (npx vitest run tests/machines)',
    ]);
    expect(exclusionLines(coverage)).toEqual(['none']);
    expect(TABLE_HEADER).toEqual(['machine', 'defined', 'machine level', 'browser', 'pairs', 'sneak', 'guards', '']);
  });

  it('ends with the verdict that everything is covered when it is', () => {
    const input = doorAndLamp();
    input.machines = input.machines.filter((m) => m.id === 'lamp');
    input.browserMapped = [];
    input.exclusions = [];
    expect(formatText(computeCoverage(input)).split('\n')).toEqual([
      'machine  defined  machine level  browser              pairs  sneak  guards',
      '-------  -------  -------------  -------  -----------------  -----  ------  --',
      'lamp           1            1/1        —  0/0 +0 infeasible      0     0/0  ok',
      '',
      'Exclusions (tests/e2e/model/exclusions.ts):',
      '  none',
      '',
      'Every transition, feasible pair, sneak event and guard outcome is covered at machine level, and every ' +
        'transition in the browser for every browser-mapped machine.',
    ]);
  });
});

describe('the HTML report', () => {
  it('escapes the five characters HTML reads', () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
  });

  it('rows each machine with its numbers, linking to its own page', () => {
    const html = formatHtml(computeCoverage(doorAndLamp()), '2026-11-29 10:00');
    expect(html).toContain(
      '<tr class="missing"><th scope="row"><a href="machines/door.html">door</a></th><td>3</td><td>2/3</td>' +
        '<td>2/3 (1 excl.)</td><td>2/3 +2 infeasible</td><td>4 (1 FAIL)</td><td>0/2</td><td>MISSING</td></tr>',
    );
    expect(html).toContain('<tr class="ok"><th scope="row"><a href="machines/lamp.html">lamp</a></th>');
    expect(html).toContain('<p>Coverage is incomplete. <small>2026-11-29 10:00</small></p>');
    expect(html).toContain('<li><code>door (guard): isOld=true: no old doors</code></li>');
    expect(html).toContain(
      '<h2>Uncovered</h2>\n<ul>\n<li><code>door (machine level): door.shut --lock [isOld]--&gt; door.locked</code></li>',
    );
  });

  it('gives each machine a page with its transitions, pairs, sneak events, guards and paths', () => {
    const input = doorAndLamp();
    const report = {
      ...input.machineReports.door!,
      pathList: [
        { name: 'door: paths #1', command: "npx vitest run -t 'x'", steps: [{ event: 'open', state: 'open' }] },
      ],
    };
    const paths = [{ title: 'model: door #1', command: 'npx playwright test', steps: [], transitions: [D[0]!.key] }];
    const html = formatMachineHtml(computeCoverage(input).rows[0]!, report, paths, 'today');
    for (const row of [
      '<h1>door: MISSING</h1>\n<p><small>today</small></p>',
      '<p>defined: 3 · machine level: 2/3 · browser: 2/3 (1 excl.) · pairs: 2/3 +2 infeasible · sneak: 4 (1 FAIL) · guards: 0/2</p>',
      '<tr><td class="text"><code>door.shut|open|0</code></td><td>yes</td><td class="text">yes</td></tr>',
      '<tr><td class="text"><code>door.open|close|0</code></td><td>yes</td><td class="text">NO</td></tr>',
      '<tr><td class="text"><code>door.shut|lock|0</code></td><td>NO</td><td class="text">excluded: needs a key</td></tr>',
      '<p>2/3 feasible pairs taken; 2 proven infeasible.</p>',
      '<li><code>lock &gt;&gt; open: locked</code></li>',
      '<p>4 unhandled events sent in reachable states; 1 changed something.</p>',
      '<tr><th scope="row">isLocked</th><td>1</td><td>0</td></tr>',
      '<h3>Never seen</h3>\n<ul>\n<li><code>isLocked=false</code></li>\n<li><code>isOld=false</code></li>\n</ul>',
      '<h3>Excluded</h3>\n<ul>\n<li><code>isOld=true: no old doors</code></li>',
      '<h2>Machine-level paths (1)</h2>\n<details><summary><code>door: paths #1</code></summary><p><code>npx vitest run -t &#39;x&#39;</code></p><ol class="steps"><li><code>open</code> ⇒ <code>&quot;open&quot;</code></li></ol></details>',
      '<h2>Browser paths (1)</h2>\n<details><summary><code>model: door #1</code></summary><p><code>npx playwright test</code></p><p>(the start alone)</p></details>',
    ]) {
      expect(html).toContain(row);
    }
    const lamp = formatMachineHtml(computeCoverage(input).rows[1]!, undefined, undefined);
    expect(lamp).toContain('<h2>Machine-level paths (0)</h2>\n<p>None recorded.</p>');
    expect(lamp).toContain('<h2>Browser paths (0)</h2>\n<p>No browser model for this machine yet.</p>');
    expect(lamp).toContain('<h3>Missed</h3>\n<p>None.</p>');
  });
});
