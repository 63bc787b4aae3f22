/**
 * Everything that depends on the time of day asks a Clock instead of calling `new Date()`,
 * so that tests can move time forward (session expiry, throttling windows) without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
