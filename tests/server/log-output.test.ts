/**
 * The log's output never blocks the server (server/log-output.ts): against a real pipe whose reader stalls, lines
 * wait in a bounded buffer, those past it are dropped and counted, closing gives up after its timeout, and once
 * the reader reads again every line that was not dropped arrives, followed by the count of those that were.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createLogOutput } from '#server/log-output';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A named pipe: its write end for the output, its read end (non-blocking) for the test, which reads nothing yet. */
function pipe(): { reader: number; writer: number } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-log-'));
  dirs.push(dir);
  const path = join(dir, 'stdout');
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  return { reader, writer: openSync(path, constants.O_WRONLY) };
}

/** Reads until the writer has closed its end. */
async function readAll(fd: number): Promise<string> {
  const chunk = Buffer.alloc(64 * 1024);
  let text = '';
  for (;;) {
    try {
      const read = readSync(fd, chunk);
      if (read === 0) return text;
      text += chunk.toString('utf8', 0, read);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

it('keeps a stalled reader from blocking: buffers up to its bound, drops and counts the rest, closes in time', async () => {
  const { reader, writer } = pipe();
  const output = createLogOutput(writer, 256 * 1024);
  const reports: number[] = [];
  output.onRecovered((dropped) => reports.push(dropped));
  const line = (n: number) => `${JSON.stringify({ n, pad: 'x'.repeat(80) })}\n`;

  // 2,000 lines of about 100 bytes: the pipe takes 64 KB, the rest waits in the buffer, nothing is dropped.
  for (let n = 0; n < 2000; n += 1) output.write(line(n));
  await settle();
  expect(output.dropped()).toBe(0);
  // 2,000 more, with the reader still stalled: past the 256 KB bound they are dropped, and this loop never waits.
  for (let n = 2000; n < 4000; n += 1) output.write(line(n));
  const dropped = output.dropped();
  expect(dropped).toBeGreaterThan(0);
  expect(dropped).toBeLessThan(2000);

  expect(await output.close(200)).toBe(false);
  output.write(line(4000));
  expect(output.dropped()).toBe(dropped + 1);

  // The reader comes back: everything kept arrives, in order, and the output closes its end.
  const received = (await readAll(reader)).split('\n').filter(Boolean);
  closeSync(reader);
  expect(received.length).toBe(4000 - dropped);
  expect(received.slice(0, 2000).map((text) => (JSON.parse(text) as { n: number }).n)).toEqual(
    Array.from({ length: 2000 }, (_, n) => n),
  );
  // A closing output reports nothing more: the count is for a server that goes on.
  expect(reports).toEqual([]);
});

/** Reads what is there until `done`, or for at most five seconds. */
async function readUntil(fd: number, done: () => boolean): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024);
  for (let waited = 0; !done() && waited < 5000; waited += 5) {
    try {
      readSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it('reports what it dropped once the reader has caught up, each time only what is new', async () => {
  const { reader, writer } = pipe();
  const output = createLogOutput(writer, 16 * 1024);
  const reports: number[] = [];
  output.onRecovered((dropped) => reports.push(dropped));
  for (let n = 0; n < 3000; n += 1) output.write(`${'y'.repeat(99)}\n`);
  const dropped = output.dropped();
  expect(dropped).toBeGreaterThan(0);
  await readUntil(reader, () => reports.length === 1);
  expect(reports).toEqual([dropped]);
  // A second stall: its report counts its own drops, not the first ones again.
  for (let n = 0; n < 3000; n += 1) output.write(`${'z'.repeat(99)}\n`);
  const again = output.dropped() - dropped;
  expect(again).toBeGreaterThan(0);
  await readUntil(reader, () => reports.length === 2);
  expect(reports).toEqual([dropped, again]);
  // With the reader reading, closing finishes in time.
  const closed = output.close(5000);
  await readAll(reader);
  expect(await closed).toBe(true);
  closeSync(reader);
});
