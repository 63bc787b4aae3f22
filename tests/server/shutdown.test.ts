/**
 * The real server (server/main.ts in a process of its own) on SIGTERM, as a rolling deploy sends it: it stops
 * accepting connections, closes idle keep-alive ones, lets the request in flight finish with its normal answer
 * (asking the client to close), then closes the database and exits 0; a request that outlives the grace
 * period makes it exit 1 after saying so. The request held in flight is a registration whose body the test
 * sends in two parts, the second only after the drain has begun: the handler waits for it, as it would for
 * a slow client.
 */
import { type Socket, connect } from 'node:net';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '#server/db/database';
import { PASSWORD, uniqueEmail } from './helpers';
import { WAIT_MS, startServer, stopSpawnedServers, within } from './spawned-server';

afterEach(stopSpawnedServers);

/** A raw connection, to send a request in parts and read exactly what the server writes back. */
async function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => text, closed };
}

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > WAIT_MS) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Starts a registration and sends the first half of its body. `Expect: 100-continue` makes the server answer
 * "100 Continue" once it has read the head and handed the request to the app: from then on it is in flight.
 */
async function registrationInFlight(port: number, email: string) {
  const body = JSON.stringify({ name: 'Grace Hopper', email, password: PASSWORD });
  const half = Math.floor(body.length / 2);
  const connection = await open(port);
  connection.socket.write(
    [
      'POST /api/auth/register/email HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await until(() => connection.received().includes('100 Continue\r\n\r\n'));
  connection.socket.write(body.slice(0, half));
  return { ...connection, rest: body.slice(half) };
}

/** Whether a new connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM', () => {
  it('drains: refuses new connections, finishes the request in flight, closes the database, exits 0', async () => {
    const server = await startServer();
    const { port } = server;

    // A kept-alive connection, idle by the time the drain begins.
    const idle = await open(port);
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await until(() => idle.received().includes('"database":"ok"'));

    // A health check whose head is not yet complete: a connection in the middle of a request is not idle, so
    // it stays open, and the check arrives once the drain has begun (as a balancer's probe on a kept-alive
    // connection would). Written before the registration, whose "100 Continue" then shows the server has read on.
    const probe = await open(port);
    probe.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);

    const email = uniqueEmail('drain');
    const inFlight = await registrationInFlight(port, email);

    server.child.kill('SIGTERM');
    const draining = await server.waitForEvent('shutdown.draining');
    expect(draining).toMatchObject({ signal: 'SIGTERM', openRequests: 1, graceSeconds: 10 });
    expect(await refused(port)).toBe(true);
    await within('the idle connection closing', idle.closed, () => idle.received());
    server.seen.push('idle connection closed');

    // A second signal changes nothing: the request in flight still gets its answer.
    server.child.kill('SIGTERM');
    await server.waitForEvent('shutdown.signal_repeated');

    probe.socket.write('\r\n');
    await within('the health answer', probe.closed, () => probe.received());
    server.seen.push('health answered');
    const [probeHead = '', probeBody = ''] = probe.received().split('\r\n\r\n');
    expect(probeHead).toMatch(/^HTTP\/1\.1 503 /);
    expect(probeHead).toMatch(/^connection: close$/im);
    expect(JSON.parse(probeBody)).toMatchObject({ status: 'draining', message: { en: expect.any(String) } });

    server.seen.push('rest of the body sent');
    inFlight.socket.write(inFlight.rest);
    // The server closes the connection after its answer, as its Connection: close says.
    await within('the answer', inFlight.closed, () => inFlight.received());
    const response = inFlight.received().split('100 Continue\r\n\r\n')[1] ?? '';
    const [head = '', payload = ''] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 201 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(payload)).toMatchObject({ user: { email }, token: expect.any(String) });

    expect(await server.exited()).toBe(0);
    expect(server.seen).toEqual([
      'shutdown.draining',
      'idle connection closed',
      'shutdown.signal_repeated',
      'health answered',
      'rest of the body sent',
      'shutdown.requests_finished',
      'shutdown.complete',
      'exit 0',
    ]);
    // The registration was written before the database closed.
    const sqlite = new SQLite(join(server.dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(sqlite.prepare('SELECT count(*) AS n FROM users WHERE email = ?').get(email)).toEqual({ n: 1 });
    } finally {
      sqlite.close();
    }
  }, 90_000);

  it('gives up on a request that outlives the grace period: logs it and exits 1', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const inFlight = await registrationInFlight(server.port, uniqueEmail('stuck'));

    server.child.kill('SIGTERM');
    expect(await server.waitForEvent('shutdown.draining')).toMatchObject({ openRequests: 1, graceSeconds: 1 });
    // The rest of the body never comes.
    expect(await server.exited()).toBe(1);
    expect(server.seen).toEqual(['shutdown.draining', 'shutdown.grace_expired', 'exit 1']);
    expect(server.lines.find((line) => line.event === 'shutdown.grace_expired')).toMatchObject({
      level: 50,
      openRequests: 1,
      msg: expect.stringContaining('1 request(s) still open'),
    });
    // The client got no answer: the connection ended with the process.
    await within('the connection closing', inFlight.closed, () => inFlight.received());
    expect(inFlight.received()).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
  }, 90_000);

  it('exits even when nobody reads its log: the lines wait in a bounded buffer, not in a blocked write', async () => {
    // Each address's second visit record is refused, and each refusal is a line of the security log.
    const server = await startServer({ TRUST_PROXY: '1', VISIT_MAX_PER_ADDRESS_PER_MINUTE: '1' });
    // The log reader stalls: the pipe fills (64 KB) and stays full.
    server.child.stdout!.pause();
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    for (let n = 0; n < 600; n += 1) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await fetch(`http://127.0.0.1:${server.port}/api/users/record-visit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${n >> 8}.${n & 255}` },
          body: '{}',
        });
        expect(answer.status).toBe(attempt === 0 ? 400 : 429);
      }
    }

    server.child.kill('SIGTERM');
    expect(await within('exit with the log unread', exited, () => '(its output is not being read)')).toBe(0);
    // What reached the pipe before it filled is the log as written: whole JSON lines, the refusals among them.
    server.child.stdout!.resume();
    await server.exited();
    expect(server.lines.filter((line) => line.event === 'limit.exceeded').length).toBeGreaterThan(100);
  }, 90_000);
});
