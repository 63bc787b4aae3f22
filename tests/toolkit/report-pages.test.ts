/**
 * The HTML report's two pages, whole, for a coverage worked out by hand where everything is covered ('fan', in
 * the browser too, and 'lamp', at machine level only): every line of the overview and of fan's page, so that a
 * missing row, a lost line break or a branch's empty text shows. report.test.ts checks the incomplete case.
 */
import { describe, expect, it } from 'vitest';
import { type CoverageInput, computeCoverage, formatHtml, formatMachineHtml } from '#toolkit';
import { doorAndLamp } from './coverage-input';

const F = [
  { key: 'fan.off|on|0', label: 'fan.off --on--> fan.on' },
  { key: 'fan.on|off|0', label: 'fan.on --off--> fan.off' },
];

function fanAndLamp(): CoverageInput {
  return {
    machines: [{ id: 'fan', defined: F, guards: ['isCold', 'isWarm'] }, doorAndLamp().machines[0]!],
    machineReports: {
      fan: {
        // One row with its label, one without: the page shows the key then.
        transitions: [
          { key: F[0]!.key, covered: true },
          { key: F[1]!.key, label: F[1]!.label, covered: true },
        ],
        pairs: {
          candidates: 3,
          feasible: 2,
          covered: 2,
          paths: 0,
          missed: [],
          infeasible: [{ key: 'q', label: 'on >> on', reason: 'off <first>' }],
        },
        sneak: { checked: 3, failures: [] },
        guards: {
          tally: { isCold: { true: 1, false: 2 }, isWarm: { true: 3, false: 1 } },
          missing: [],
          excluded: [],
          unobservable: [],
        },
        pathList: [
          { name: 'fan: paths #1', command: "npx vitest run -t 'fan #1'", steps: [{ event: 'on', state: 'on' }] },
          { name: 'fan: paths #2', command: 'npx vitest run', steps: [] },
        ],
      },
      // The complete lamp of report.test.ts.
      lamp: doorAndLamp().machineReports.lamp,
    },
    browserReports: {
      fan: [
        {
          title: 'model: fan #1',
          command: 'npx playwright test -g "fan #1"',
          steps: [
            { event: 'on', state: { fan: 'on' } },
            { event: 'off', state: 'off' },
          ],
          transitions: [F[0]!.key, F[1]!.key],
        },
        // A path file with nothing in it: no title, command, steps or transitions.
        {},
      ],
    },
    browserMapped: ['fan'],
  };
}

/** The page without its style sheet, which the second test checks on its own. */
const withoutStyle = (html: string) => html.replace(/<style>\n[\s\S]*?\n<\/style>/, '<style>…</style>');

describe('the HTML report, whole pages', () => {
  it('draws the overview: both machines in the table, no exclusions, nothing uncovered', () => {
    const html = formatHtml(computeCoverage(fanAndLamp()));
    expect(withoutStyle(html).split('\n')).toEqual([
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<title>Model coverage</title>',
      '<style>…</style>',
      '</head>',
      '<body>',
      '<h1>Model coverage</h1>',
      '<p>Everything is covered.</p>',
      '<table>',
      '<thead><tr><th scope="col">machine</th><th scope="col">defined</th><th scope="col">machine level</th>' +
        '<th scope="col">browser</th><th scope="col">pairs</th><th scope="col">sneak</th>' +
        '<th scope="col">guards</th><th scope="col"></th></tr></thead>',
      '<tbody>',
      '<tr class="ok"><th scope="row"><a href="machines/fan.html">fan</a></th><td>2</td><td>2/2</td><td>2/2</td>' +
        '<td>2/2 +1 infeasible</td><td>3</td><td>2/2</td><td>ok</td></tr>',
      '<tr class="ok"><th scope="row"><a href="machines/lamp.html">lamp</a></th><td>1</td><td>1/1</td><td>—</td>' +
        '<td>0/0 +0 infeasible</td><td>0</td><td>0/0</td><td>ok</td></tr>',
      '</tbody>',
      '</table>',
      '<h2>Exclusions</h2>',
      '<p>None.</p>',
      '',
      '</body>',
      '</html>',
      '',
    ]);
  });

  it('styles the page: the rows that miss something stand out', () => {
    const html = formatHtml(computeCoverage(fanAndLamp()));
    expect(html).toContain('<style>\nbody { font: 15px/1.4 system-ui, sans-serif;');
    expect(html).toContain('\ntr.missing { background: #ffebe9; }\n');
  });

  it("draws a machine's page: every transition, pair, sneak count, guard and path, each path's steps", () => {
    const input = fanAndLamp();
    const html = formatMachineHtml(computeCoverage(input).rows[0]!, input.machineReports.fan, input.browserReports.fan);
    expect(withoutStyle(html).split('\n')).toEqual([
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<title>Model coverage: fan</title>',
      '<style>…</style>',
      '</head>',
      '<body>',
      '<p><a href="../coverage.html">All machines</a></p>',
      '<h1>fan: ok</h1>',
      '',
      '<p>defined: 2 · machine level: 2/2 · browser: 2/2 · pairs: 2/2 +1 infeasible · sneak: 3 · guards: 2/2</p>',
      '<h2>Transitions</h2>',
      '<table><thead><tr><th scope="col">transition</th><th scope="col">machine level</th>' +
        '<th scope="col">browser</th></tr></thead>',
      '<tbody>',
      '<tr><td class="text"><code>fan.off|on|0</code></td><td>yes</td><td class="text">yes</td></tr>',
      '<tr><td class="text"><code>fan.on --off--&gt; fan.off</code></td><td>yes</td><td class="text">yes</td></tr>',
      '</tbody></table>',
      '<h2>Transition pairs</h2>',
      '<p>2/2 feasible pairs taken; 1 proven infeasible.</p>',
      '<h3>Missed</h3>',
      '<p>None.</p>',
      '<h3>Proven infeasible</h3>',
      '<ul>',
      '<li><code>on &gt;&gt; on: off &lt;first&gt;</code></li>',
      '</ul>',
      '<h2>Sneak paths</h2>',
      '<p>3 unhandled events sent in reachable states; 0 changed something.</p>',
      '',
      '<h2>Guards</h2>',
      '<table><thead><tr><th scope="col">guard</th><th scope="col">seen true</th><th scope="col">seen false</th>' +
        '</tr></thead>',
      '<tbody>',
      '<tr><th scope="row">isCold</th><td>1</td><td>2</td></tr>',
      '<tr><th scope="row">isWarm</th><td>3</td><td>1</td></tr>',
      '</tbody></table>',
      '',
      '',
      '<h2>Machine-level paths (2)</h2>',
      '<details><summary><code>fan: paths #1</code></summary><p><code>npx vitest run -t &#39;fan #1&#39;</code></p>' +
        '<ol class="steps"><li><code>on</code> ⇒ <code>&quot;on&quot;</code></li></ol></details>',
      '<details><summary><code>fan: paths #2</code></summary><p><code>npx vitest run</code></p>' +
        '<p>(the start alone)</p></details>',
      '<h2>Browser paths (2)</h2>',
      '<details><summary><code>model: fan #1</code></summary><p><code>npx playwright test -g &quot;fan #1&quot;</code>' +
        '</p><ol class="steps"><li><code>on</code> ⇒ <code>{&quot;fan&quot;:&quot;on&quot;}</code></li>' +
        '<li><code>off</code> ⇒ <code>&quot;off&quot;</code></li></ol></details>',
      '<details><summary><code></code></summary><p>(the start alone)</p></details>',
      '</body>',
      '</html>',
      '',
    ]);
  });

  it('draws the page of a stale report (no pairs, no paths) and of a machine the browser does not cover', () => {
    const input = fanAndLamp();
    input.machineReports.lamp = { transitions: [{ key: 'lamp.off|on|0', covered: true }] };
    const html = formatMachineHtml(computeCoverage(input).rows[1]!, input.machineReports.lamp, undefined);
    for (const part of [
      '<h1>lamp: MISSING</h1>',
      '<tr><td class="text"><code>lamp.off|on|0</code></td><td>yes</td><td class="text">—</td></tr>',
      '<h3>Proven infeasible</h3>\n<p>None.</p>',
      '<h2>Machine-level paths (0)</h2>\n<p>None recorded.</p>',
      '<h2>Browser paths (0)</h2>\n<p>No browser model for this machine yet.</p>',
    ]) {
      expect(html).toContain(part);
    }
    // Mapped to the browser, with no path recorded yet.
    const fan = formatMachineHtml(computeCoverage(input).rows[0]!, input.machineReports.fan, []);
    expect(fan).toContain('<h2>Browser paths (0)</h2>\n<p>None recorded.</p>');
  });
});
