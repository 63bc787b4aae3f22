/** `npm run bench`'s load (scripts/bench.ts): autocannon against one route, and what the server spent meanwhile. */
import { createRequire } from 'node:module';
import { CLOCK_TICKS_PER_SECOND, cpuTicks, peakRssMb } from './processes';

// autocannon ships no types; this is the part of its API used here.
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

export interface Measured {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  rssMb: number | null;
  /** The server's CPU µs per answered request over the measured run (/proc); null for the bare route. */
  cpuUs: number | null;
}

/** How hard and how long: `connections` at once, a warm-up of `warmUpSeconds`, then `seconds` measured. */
export interface Load {
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}

/**
 * One route under autocannon's load (warm-up first, then the measured run); with the server's `pid`, its peak
 * memory and CPU per answer too. Any answer but a 2xx makes the figures meaningless, and throws.
 */
export async function measure(
  name: string,
  options: Omit<AutocannonOptions, 'connections' | 'duration'>,
  pid: number | null,
  load: Load,
): Promise<Measured> {
  process.stdout.write(`  ${name} …`);
  await autocannon({ ...options, connections: load.connections, duration: load.warmUpSeconds });
  const ticksBefore = pid === null ? 0 : cpuTicks(pid);
  const run = autocannon({ ...options, connections: load.connections, duration: load.seconds });
  const { result, rssMb } = pid === null ? { result: await run, rssMb: null } : await peakRssMb(pid, run);
  const cpuUs = pid === null ? null : ((cpuTicks(pid) - ticksBefore) * (1e6 / CLOCK_TICKS_PER_SECOND)) / result['2xx'];
  process.stdout.write(` ${Math.round(result.requests.average)} req/s\n`);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts; the figures would be meaningless`,
    );
  }
  return {
    name,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb,
    cpuUs,
  };
}
