/**
 * The minutes an office member's call takes in their diary (migration 0021): from its start to the end of the
 * pause after it, in whole minutes since the epoch. A start between minutes (the office may type seconds) covers
 * the minute it starts in; the end rounds up, so no second of the call or its pause is left out.
 */
const MINUTE_MS = 60_000;

export function callRangeMinutes(
  startMs: number,
  config: { CALL_MINUTES: number; CALL_BUFFER_MINUTES: number },
): { call_start_minute: number; call_until_minute: number } {
  const untilMs = startMs + (config.CALL_MINUTES + config.CALL_BUFFER_MINUTES) * MINUTE_MS;
  return { call_start_minute: Math.floor(startMs / MINUTE_MS), call_until_minute: Math.ceil(untilMs / MINUTE_MS) };
}
