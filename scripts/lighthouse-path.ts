/**
 * `npm run lighthouse:path -- reports/lighthouse/<page>-<form factor>.trace.json [fcp|lcp]`: what Lighthouse's
 * simulation (Lantern) waited on for a run's simulated first or largest contentful paint (LCP unless told).
 *
 * The scored FCP and LCP are not measured but simulated: Lantern rebuilds the load as a graph of requests and
 * main-thread tasks, keeps the ones it thinks the paint needed, and replays them on its slow network and 4x slower
 * CPU. Which requests and tasks it kept, and when each ends in the replay, says what moves the score, where the
 * report only gives the total. (For LCP it keeps every request that ended before the paint in the real load, needed
 * or not: that is how the visit record came to count, docs/performance.md.)
 *
 * Reads the file `LIGHTHOUSE_TRACES=1 npm run lighthouse` keeps beside each report (the trace and what the
 * simulation reads) and prints both of Lantern's estimates, one line per request or task in replay order.
 */
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** The trace events that say what a main-thread task did. */
const TELLING_EVENTS = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'TimerFire',
  'FunctionCall',
  'RunMicrotasks',
  'FireAnimationFrame',
  'FireIdleCallback',
  'Layout',
  'Paint',
]);

interface GraphNode {
  type: 'network' | 'cpu';
  duration: number;
  request?: { url: string; priority: string; protocol: string };
  childEvents?: Array<{ name: string }>;
}
type Timings = Map<GraphNode, { startTime: number; endTime: number }>;
interface Estimate {
  timeInMs: number;
  nodeTimings: Timings;
}

const [file, metricName = 'lcp'] = process.argv.slice(2);
if (!file || !['fcp', 'lcp'].includes(metricName)) {
  console.error('usage: npm run lighthouse:path -- reports/lighthouse/<page>-<form factor>.trace.json [fcp|lcp]');
  process.exit(2);
}
const saved = JSON.parse(readFileSync(file, 'utf8'));
const data = {
  trace: { traceEvents: saved.traceEvents },
  devtoolsLog: saved.DevtoolsLog,
  gatherContext: saved.GatherContext,
  settings: saved.settings,
  URL: saved.URL,
  HostDPR: saved.HostDPR,
  SourceMaps: [],
  simulator: null,
};
const metric = metricName === 'fcp' ? LanternFirstContentfulPaint : LanternLargestContentfulPaint;
const result = (await metric.request(data, { computedCache: new Map() })) as unknown as {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
};

const ms = (value: number) => String(Math.round(value)).padStart(6);
function describe(node: GraphNode): string {
  if (node.type === 'network' && node.request) {
    const name = new URL(node.request.url).pathname;
    return `request ${name} (${node.request.priority}, ${node.request.protocol})`;
  }
  const did = [...new Set((node.childEvents ?? []).map((event) => event.name).filter((n) => TELLING_EVENTS.has(n)))];
  return `task    ${(node.duration / 1000).toFixed(1)} ms observed${did.length ? `: ${did.join(', ')}` : ''}`;
}

console.log(`${metricName.toUpperCase()} simulated ${Math.round(result.timing)} ms (the mean of the two estimates)`);
for (const [label, estimate] of [
  ['optimistic', result.optimisticEstimate],
  ['pessimistic', result.pessimisticEstimate],
] as const) {
  console.log(`\n${label}: ${Math.round(estimate.timeInMs)} ms; start, end (ms of the replay), what`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) console.log(`${ms(timing.startTime)} ${ms(timing.endTime)}  ${describe(node)}`);
}
