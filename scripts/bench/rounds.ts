/** What the in-process measurements (in-process.ts, metrics-cost.ts) count and how they summarise it. */

/**
 * The process's CPU time (user and system, all threads), in µs: rather than the clock, because on a shared
 * machine the clock also counts the time other processes hold the core.
 */
export function cpuMicroseconds(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The `p`th percentile (0–100) of `values`, by the nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((p / 100) * (sorted.length - 1))))]!;
}
