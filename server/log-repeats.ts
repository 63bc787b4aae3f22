/**
 * Refusals that repeat from one address (a script hammering the sign-in) would write a security line per
 * request: thousands a minute, burying everything else. Here the first of a kind from an address is logged as it
 * comes; the same refusal from the same address for the rest of that minute is only counted, and the count is
 * logged once, as one line with `repeated`, when the minute is over.
 */

/** One minute per address and kind of refusal. */
export const REPEAT_WINDOW_MS = 60_000;
/** Addresses followed at once; past this, every open count is written out and forgotten (bounded memory). */
const MAX_TRACKED = 10_000;

interface Window {
  startedAt: number;
  repeated: number;
  event: string;
  fields: Record<string, unknown>;
}

export interface RepeatFilter {
  /** True when this line is to be written now; false when it was counted into its address's minute. */
  admit(event: string, fields: Record<string, unknown>): boolean;
  /** Writes the counts of the minutes that are over (all of them with `all`). */
  flush(all?: boolean): void;
}

export function createRepeatFilter(
  events: ReadonlySet<string>,
  now: () => number,
  writeCount: (event: string, fields: Record<string, unknown>, repeated: number) => void,
): RepeatFilter {
  const windows = new Map<string, Window>();
  const close = (key: string, window: Window) => {
    windows.delete(key);
    if (window.repeated > 0) writeCount(window.event, window.fields, window.repeated);
  };
  const flush = (all = false) => {
    const time = now();
    for (const [key, window] of windows) {
      if (all || time - window.startedAt >= REPEAT_WINDOW_MS) close(key, window);
    }
  };
  return {
    admit(event, fields) {
      if (!events.has(event)) return true;
      const key = `${event} ${String(fields.address)}`;
      const time = now();
      const open = windows.get(key);
      if (open && time - open.startedAt < REPEAT_WINDOW_MS) {
        open.repeated += 1;
        return false;
      }
      if (open) close(key, open);
      if (windows.size >= MAX_TRACKED) flush(true);
      windows.set(key, { startedAt: time, repeated: 0, event, fields });
      return true;
    },
    flush,
  };
}
