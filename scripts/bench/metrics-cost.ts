/**
 * What counting and timing every request (METRICS_TOKEN set) adds to one `GET /api/users/authenticate`, in CPU µs:
 * run by `npm run bench` (scripts/bench.ts), which sets it against the loaded server's CPU per `authenticate`.
 *
 * Two apps in this one process, one without the metrics and one with, called in alternating rounds (the order
 * swapped every round), each round's CPU time per call taken; the cost is the median of the rounds' differences.
 * Not two servers under load: on these virtual machines the CPU per request of identical server processes differs
 * by up to 15 % from process to process, three times the 5 % being measured (docs/performance.md). Within one
 * process both apps share the heap, the compiled code and the core, so the difference is the middleware's own.
 *
 * Prints one line of JSON: `{ withoutUs, costUs, costP10Us, costP90Us, rounds }`.
 * Environment: METRICS_COST_ROUNDS (default 60), METRICS_COST_CALLS (calls per app per round, default 2000).
 */
import { inProcessApp } from './in-process-app';
import { cpuMicroseconds, percentile } from './rounds';

const ROUNDS = Number(process.env.METRICS_COST_ROUNDS ?? 60);
const CALLS = Number(process.env.METRICS_COST_CALLS ?? 2000);

const without = await inProcessApp();
const withMetrics = await inProcessApp({ env: { METRICS_TOKEN: 'bench-metrics-token-'.padEnd(40, '0') } });

/** CPU µs per call of `CALLS` signed-in `authenticate` calls on one app. */
async function perCall(app: typeof without): Promise<number> {
  const began = cpuMicroseconds();
  for (let i = 0; i < CALLS; i += 1) await app.get('/api/users/authenticate');
  return (cpuMicroseconds() - began) / CALLS;
}

// Warm-up: compiled code, cached statements and sessions, a settled heap.
await perCall(without);
await perCall(withMetrics);

const plain: number[] = [];
const costs: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const [first, second] = round % 2 === 0 ? [without, withMetrics] : [withMetrics, without];
  const a = await perCall(first);
  const b = await perCall(second);
  const [off, on] = first === without ? [a, b] : [b, a];
  plain.push(off);
  costs.push(on - off);
}

await without.close();
await withMetrics.close();
console.log(
  JSON.stringify({
    withoutUs: percentile(plain, 50),
    costUs: percentile(costs, 50),
    costP10Us: percentile(costs, 10),
    costP90Us: percentile(costs, 90),
    rounds: ROUNDS,
  }),
);
