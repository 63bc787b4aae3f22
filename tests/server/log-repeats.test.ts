/**
 * Repeated refusals from one address are logged once a minute with a count (server/log-repeats.ts): 2,000
 * refused sign-ins from one address make two lines, not 2,000, while other addresses and other events are
 * logged as they come.
 */
import { expect, it } from 'vitest';
import { createLog } from '#server/log';
import { REPEAT_WINDOW_MS } from '#server/log-repeats';

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
