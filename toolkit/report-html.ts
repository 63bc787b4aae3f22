/**
 * The model coverage report as HTML (scripts/model-report.ts writes it to reports/model/): an overview page
 * with the table of report.ts, and one page per machine with its transitions, pairs, sneak events, guards and
 * every path with its steps.
 */
import type { BrowserPathFile, Coverage, CoverageRow, MachineReportFile } from './coverage';
import { TABLE_HEADER, exclusionLines, tableCells, uncoveredLines } from './report';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
table { border-collapse: collapse; }
th, td { padding: .3rem .8rem; border-bottom: 1px solid #d0d7de; text-align: right; vertical-align: top; }
th[scope="row"], thead th:first-child, td.text { text-align: left; }
tr.missing { background: #ffebe9; }
tr.ok td:last-child { color: #1a7f37; }
tr.missing td:last-child { color: #cf222e; font-weight: 600; }
code { font-size: 13px; }
ol.steps { margin: .2rem 0 1rem; }
details { margin: .3rem 0; }
</style>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
${STYLE}
</head>
<body>
${body}
</body>
</html>
`;
}

function list(items: string[]): string {
  return items.length
    ? `<ul>\n${items.map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join('\n')}\n</ul>`
    : '<p>None.</p>';
}

/** The overview page: the same table (each machine linking to its own page), the exclusions, what is missing. */
export function formatHtml(coverage: Coverage, generatedAt?: string): string {
  const e = escapeHtml;
  const rows = coverage.rows
    .map((row) => {
      const cells = tableCells(row)
        .map((cell, i) =>
          i === 0 ? `<th scope="row"><a href="machines/${e(cell)}.html">${e(cell)}</a></th>` : `<td>${e(cell)}</td>`,
        )
        .join('');
      return `<tr class="${row.ok ? 'ok' : 'missing'}">${cells}</tr>`;
    })
    .join('\n');
  const uncovered = uncoveredLines(coverage);
  return page(
    'Model coverage',
    `<h1>Model coverage</h1>
<p>${e(coverage.ok ? 'Everything is covered.' : 'Coverage is incomplete.')}${generatedAt ? ` <small>${e(generatedAt)}</small>` : ''}</p>
<table>
<thead><tr>${TABLE_HEADER.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Exclusions</h2>
${list(coverage.exclusions.length ? exclusionLines(coverage) : [])}
${uncovered.length ? `<h2>Uncovered</h2>\n${list(uncovered)}` : ''}`,
  );
}

function stepsHtml(steps: { event: string; state: unknown }[] | undefined): string {
  if (!steps?.length) return '<p>(the start alone)</p>';
  return `<ol class="steps">${steps
    .map((s) => `<li><code>${escapeHtml(s.event)}</code> ⇒ <code>${escapeHtml(JSON.stringify(s.state))}</code></li>`)
    .join('')}</ol>`;
}

/** One machine's page: its transitions, pairs, sneak events, guards, and every path with its steps. */
export function formatMachineHtml(
  row: CoverageRow,
  report: MachineReportFile | undefined,
  browserPaths: BrowserPathFile[] | undefined,
  generatedAt?: string,
): string {
  const e = escapeHtml;
  const browserTaken = new Set((browserPaths ?? []).flatMap((p) => p.transitions ?? []));
  const excluded = new Map((row.browser?.excluded ?? []).map((x) => [x.key, x.reason]));
  const transitions = (report?.transitions ?? [])
    .map((t) => {
      const browser =
        row.browser === null
          ? '—'
          : browserTaken.has(t.key)
            ? 'yes'
            : excluded.has(t.key)
              ? `excluded: ${excluded.get(t.key)}`
              : 'NO';
      return `<tr><td class="text"><code>${e(t.label ?? t.key)}</code></td><td>${t.covered ? 'yes' : 'NO'}</td><td class="text">${e(browser)}</td></tr>`;
    })
    .join('\n');
  const guards = Object.entries(row.guards.tally)
    .map(([name, seen]) => `<tr><th scope="row">${e(name)}</th><td>${seen.true}</td><td>${seen.false}</td></tr>`)
    .join('\n');
  const infeasible = (report?.pairs?.infeasible ?? []).map((p) => `${p.label}: ${p.reason}`);
  const machinePaths = (report?.pathList ?? [])
    .map(
      (p) =>
        `<details><summary><code>${e(p.name)}</code></summary><p><code>${e(p.command)}</code></p>${stepsHtml(p.steps)}</details>`,
    )
    .join('\n');
  const browser = (browserPaths ?? [])
    .map(
      (p) =>
        `<details><summary><code>${e(p.title ?? '')}</code></summary>${p.command ? `<p><code>${e(p.command)}</code></p>` : ''}${stepsHtml(p.steps)}</details>`,
    )
    .join('\n');
  return page(
    `Model coverage: ${row.machine}`,
    `<p><a href="../coverage.html">All machines</a></p>
<h1>${e(row.machine)}: ${row.ok ? 'ok' : 'MISSING'}</h1>
${generatedAt ? `<p><small>${e(generatedAt)}</small></p>` : ''}
<p>${e(
      tableCells(row)
        .slice(1, -1)
        .map((cell, i) => `${TABLE_HEADER[i + 1]}: ${cell}`)
        .join(' · '),
    )}</p>
<h2>Transitions</h2>
<table><thead><tr><th scope="col">transition</th><th scope="col">machine level</th><th scope="col">browser</th></tr></thead>
<tbody>
${transitions}
</tbody></table>
<h2>Transition pairs</h2>
<p>${e(`${row.pairs.covered}/${row.pairs.feasible} feasible pairs taken; ${row.pairs.infeasible} proven infeasible.`)}</p>
<h3>Missed</h3>
${list(row.pairs.missed)}
<h3>Proven infeasible</h3>
${list(infeasible)}
<h2>Sneak paths</h2>
<p>${e(`${row.sneak.checked} unhandled events sent in reachable states; ${row.sneak.failures.length} changed something.`)}</p>
${row.sneak.failures.length ? list(row.sneak.failures) : ''}
<h2>Guards</h2>
<table><thead><tr><th scope="col">guard</th><th scope="col">seen true</th><th scope="col">seen false</th></tr></thead>
<tbody>
${guards}
</tbody></table>
${row.guards.missing.length ? `<h3>Never seen</h3>\n${list(row.guards.missing)}` : ''}
${row.guards.excluded.length ? `<h3>Excluded</h3>\n${list(row.guards.excluded.map((x) => `${x.outcome}: ${x.reason}`))}` : ''}
<h2>Machine-level paths (${report?.pathList?.length ?? 0})</h2>
${machinePaths || '<p>None recorded.</p>'}
<h2>Browser paths (${browserPaths?.length ?? 0})</h2>
${row.browser === null ? '<p>No browser model for this machine yet.</p>' : browser || '<p>None recorded.</p>'}`,
  );
}
