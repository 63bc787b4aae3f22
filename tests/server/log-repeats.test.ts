/**
 * Repeated refusals from one address are logged once a minute with a count (server/log-repeats.ts): 2,000
 * refused sign-ins from one address make two lines, not 2,000, while other addresses and other events are
 * logged as they come.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLog } from '#server/log';
import { REPEAT_WINDOW_MS, createRepeatFilter } from '#server/log-repeats';

function capturedLog() {
  let time = 1_000_000;
  const lines: Record<string, unknown>[] = [];
  const log = createLog({
    level: 'info',
    now: () => time,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { log, lines, advance: (ms: number) => (time += ms) };
}

it('writes the first refusal from an address, then one count per minute', async () => {
  const { log, lines, advance } = capturedLog();
  for (let n = 0; n < 2000; n += 1) {
    log.security('signin.limited', { method: 'email', address: '203.0.113.9', limit: 'login.address' });
  }
  log.security('signin.limited', { method: 'email', address: '198.51.100.1', limit: 'login.address' });
  log.security('signin.failure', { address: '203.0.113.9' });
  log.security('signin.failure', { address: '203.0.113.9' });
  expect(lines.map(({ event, address, repeated }) => ({ event, address, repeated }))).toEqual([
    { event: 'signin.limited', address: '203.0.113.9', repeated: undefined },
    { event: 'signin.limited', address: '198.51.100.1', repeated: undefined },
    { event: 'signin.failure', address: '203.0.113.9', repeated: undefined },
    { event: 'signin.failure', address: '203.0.113.9', repeated: undefined },
  ]);

  // A minute later the next refusal opens a new minute, and the last one's count is written first.
  advance(REPEAT_WINDOW_MS);
  log.security('signin.limited', { method: 'email', address: '203.0.113.9', limit: 'login.address' });
  expect(lines.slice(4)).toEqual([
    expect.objectContaining({ log: 'security', event: 'signin.limited', address: '203.0.113.9', repeated: 1999 }),
    expect.not.objectContaining({ repeated: expect.anything() }),
  ]);

  // Closing writes what is still counted, and nothing for an address that was not repeated.
  log.security('overloaded', { queue: 'password_hashing', address: undefined });
  log.security('overloaded', { queue: 'password_hashing', address: undefined });
  await log.close(100);
  expect(lines.slice(6).map(({ event, repeated }) => ({ event, repeated }))).toEqual([
    { event: 'overloaded', repeated: undefined },
    { event: 'overloaded', repeated: 1 },
  ]);
});

it('says what a count line counts, at the level of the lines it stands for', async () => {
  const { log, lines, advance } = capturedLog();
  for (let n = 0; n < 3; n += 1) log.security('signin.limited', { address: '203.0.113.9' });
  for (let n = 0; n < 4; n += 1) log.warnRepeated('client.aborted', { address: '203.0.113.9' }, 'the client left');
  advance(REPEAT_WINDOW_MS);
  log.security('signin.limited', { address: '203.0.113.9' });
  log.warnRepeated('client.aborted', { address: '203.0.113.9' }, 'the client left');
  const summary = ({ level, log: kind, event, repeated, msg }: Record<string, unknown>) => ({
    level,
    kind,
    event,
    repeated,
    msg,
  });
  expect(lines.map(summary)).toEqual([
    { level: 30, kind: 'security', event: 'signin.limited', repeated: undefined, msg: 'signin.limited' },
    { level: 40, kind: undefined, event: 'client.aborted', repeated: undefined, msg: 'the client left' },
    {
      level: 30,
      kind: 'security',
      event: 'signin.limited',
      repeated: 2,
      msg: 'signin.limited repeated 2 time(s) within 60 s',
    },
    { level: 30, kind: 'security', event: 'signin.limited', repeated: undefined, msg: 'signin.limited' },
    {
      level: 40,
      kind: undefined,
      event: 'client.aborted',
      repeated: 3,
      msg: 'client.aborted repeated 3 time(s) within 60 s',
    },
    { level: 40, kind: undefined, event: 'client.aborted', repeated: undefined, msg: 'the client left' },
  ]);
  await log.close(100);
});

it('writes the counts once their minute is over, with nothing after them; after closing, no more', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const { log, lines, advance } = capturedLog();
    for (let n = 0; n < 3; n += 1) log.security('signin.limited', { address: '203.0.113.9' });
    for (let n = 0; n < 3; n += 1) log.warnRepeated('connection.refused', { address: '203.0.113.9' }, 'refused');
    advance(REPEAT_WINDOW_MS);
    vi.advanceTimersByTime(REPEAT_WINDOW_MS);
    expect(lines.map(({ event, repeated }) => ({ event, repeated }))).toEqual([
      { event: 'signin.limited', repeated: undefined },
      { event: 'connection.refused', repeated: undefined },
      { event: 'signin.limited', repeated: 2 },
      { event: 'connection.refused', repeated: 2 },
    ]);
    // Counts still within their minute are written when the log closes; the timer writes nothing after that.
    for (let n = 0; n < 2; n += 1) log.warnRepeated('connection.refused', { address: '203.0.113.9' }, 'refused');
    await log.close(100);
    expect(lines.slice(4).map(({ event, repeated }) => ({ event, repeated }))).toEqual([
      { event: 'connection.refused', repeated: undefined },
      { event: 'connection.refused', repeated: 1 },
    ]);
    log.warnRepeated('connection.refused', { address: '203.0.113.9' }, 'refused');
    log.warnRepeated('connection.refused', { address: '203.0.113.9' }, 'refused');
    advance(REPEAT_WINDOW_MS);
    vi.advanceTimersByTime(REPEAT_WINDOW_MS);
    expect(lines.slice(6).map(({ event, repeated }) => ({ event, repeated }))).toEqual([
      { event: 'connection.refused', repeated: undefined },
    ]);
  } finally {
    vi.useRealTimers();
  }
});

describe('the filter itself', () => {
  const refused = new Set(['signin.limited']);

  it('closes only the minutes that are over, and a new minute starts its count again', () => {
    let time = 0;
    const counts: Array<[string, unknown, number]> = [];
    const filter = createRepeatFilter(
      refused,
      () => time,
      (event, fields, n) => counts.push([event, fields.address, n]),
    );
    expect(filter.admit('signin.limited', { address: 'a' })).toBe(true);
    expect(filter.admit('signin.limited', { address: 'a' })).toBe(false);
    time = 30_000;
    expect(filter.admit('signin.limited', { address: 'b' })).toBe(true);
    expect(filter.admit('signin.limited', { address: 'b' })).toBe(false);
    expect(filter.admit('other.event', { address: 'b' })).toBe(true);
    time = REPEAT_WINDOW_MS;
    filter.flush();
    expect(counts).toEqual([['signin.limited', 'a', 1]]);
    // a's minute is over and forgotten: its next refusal is written, and counts start again from it.
    expect(filter.admit('signin.limited', { address: 'a' })).toBe(true);
    expect(filter.admit('signin.limited', { address: 'b' })).toBe(false);
    filter.flush(true);
    expect(counts).toEqual([
      ['signin.limited', 'a', 1],
      ['signin.limited', 'b', 2],
    ]);
  });

  it('follows at most 10,000 addresses: the next one writes out every open count first', () => {
    const counts: unknown[] = [];
    const filter = createRepeatFilter(
      refused,
      () => 0,
      (_, fields) => counts.push(fields.address),
    );
    for (let n = 0; n < 10_000; n += 1) {
      filter.admit('signin.limited', { address: n });
      filter.admit('signin.limited', { address: n });
    }
    expect(counts).toEqual([]);
    expect(filter.admit('signin.limited', { address: 'the 10,001st' })).toBe(true);
    expect(counts).toHaveLength(10_000);
    // All of them were forgotten: the first address starts a minute of its own again.
    expect(filter.admit('signin.limited', { address: 0 })).toBe(true);
  });
});
