/**
 * Values the server fixes when a module loads, each checked where a wrong one would show: the WebP signature, the
 * week that bounds the booking settings, the default connection cap, the shape of a row id, the name a process
 * holds a job's lease and a mail's claim under. The rest of each part is tested in its own file.
 */
import { execFileSync } from 'node:child_process';
import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { readAvatarField } from '#server/avatars/image';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { isWellFormedId, newOrderedId } from '#server/db/ids';
import { THIS_INSTANCE } from '#server/db/lease';
import { WEBP } from './image-files';

it('takes a WebP only with its RIFF signature', async () => {
  await expect(readAvatarField(new Blob([WEBP]))).resolves.toMatchObject({ contentType: 'image/webp' });
  const notRiff = WEBP.slice();
  notRiff.set(Buffer.from('RIFX', 'latin1'), 0);
  await expect(readAvatarField(new Blob([notRiff]))).rejects.toMatchObject({ status: 415 });
});

it('lets the booking notice and the change cut-off be a week at most', () => {
  const WEEK = 7 * 24 * 60;
  for (const name of ['BOOKING_NOTICE_MINUTES', 'BOOKING_CHANGE_CUTOFF_MINUTES'] as const) {
    expect(loadConfig({ [name]: String(WEEK) })[name]).toBe(WEEK);
    expect(() => loadConfig({ [name]: String(WEEK + 1) }), name).toThrow(ConfigError);
  }
});

it("caps connections by default at the process's open-file limit, less 200 kept for the rest, at most 10,000", () => {
  // The soft limit as the shell reports it for a process of this one's.
  const soft = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  expect(Number.isInteger(soft)).toBe(true);
  expect(loadConfig({}).MAX_CONNECTIONS).toBe(Math.max(1, Math.min(10_000, soft - 200)));
});

it('takes a row id only when the whole text is one', () => {
  const id = newOrderedId();
  expect(isWellFormedId(id)).toBe(true);
  expect(isWellFormedId(`x${id}`)).toBe(false);
  expect(isWellFormedId(`${id}x`)).toBe(false);
});

it('holds leases and claims under its host and process, so that no two processes share one', () => {
  expect(THIS_INSTANCE).toBe(`${hostname()}:${process.pid}`);
});
