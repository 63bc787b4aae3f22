/**
 * Connections are bounded (server/http/connections.ts, docs/operating.md#connections), shown on the real server
 * in a process of its own: a few addresses holding hundreds of idle connections each do not keep a new visitor
 * out; past the process's cap a connection is closed at once; a stalled body or unfinished headers are closed
 * within seconds; and floods are counted in the metrics and the log, not written a line each.
 *
 * The flooding clients connect from other loopback addresses (127.0.0.2 and up, all of 127/8 is this machine on
 * Linux) than the visitor (127.0.0.1).
 */
import { createServer } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { connectionServerOptions, guardConnections } from '#server/http/connections';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Running, startServer, stopSpawnedServers } from './spawned-server';

const METRICS_TOKEN = 'connections-test-metrics-token-0123456789';
const opened: Socket[] = [];

interface Held {
  socket: Socket;
  /** Resolves once the connection is closed, by either side. */
  closed: Promise<void>;
  isClosed: () => boolean;
}

/** A connection from `localAddress` to the server, with `send` written once it is up (nothing: an idle one). */
function hold(server: Running, localAddress: string, send = ''): Promise<Held> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress });
    opened.push(socket);
    let done = false;
    const closed = new Promise<void>((resolveClosed) =>
      socket.once('close', () => {
        done = true;
        resolveClosed();
      }),
    );
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (send) socket.write(send);
      resolve({ socket, closed, isClosed: () => done });
    });
    // Refused outright (not expected; the server accepts, then closes): counts as closed at once.
    socket.once('close', () => resolve({ socket, closed, isClosed: () => true }));
  });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The number a counter line of /metrics carries, 0 when the series is absent. */
async function metric(server: Running, series: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await res.text()).split('\n').find((text) => text.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.split(' ')[1]);
}

const healthOf = (server: Running) => fetch(`http://127.0.0.1:${server.port}/api/health`).then((res) => res.status);

afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

afterAll(() => stopSpawnedServers());

describe('connections per address and per process', () => {
  it('four addresses holding 250 idle connections each keep no new visitor out, and are counted', async () => {
    const server = await startServer({ METRICS_TOKEN, MAX_CONNECTIONS_PER_ADDRESS: '100' });
    const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const held = await Promise.all(
      addresses.flatMap((address) => Array.from({ length: 250 }, () => hold(server, address))),
    );
    await settle(500);
    // Each address keeps its hundred; the rest were closed by the server.
    for (const [index, address] of addresses.entries()) {
      const own = held.slice(index * 250, (index + 1) * 250);
      expect([address, own.filter((connection) => !connection.isClosed()).length]).toEqual([address, 100]);
    }
    expect(await healthOf(server)).toBe(200);
    expect(await metric(server, 'storefront_connections_refused_total{reason="address"}')).toBe(600);
    // One line per address for the minute, not six hundred.
    const lines = server.lines.filter((line) => line.event === 'connection.refused');
    expect(lines.map((line) => line.address).sort()).toEqual(addresses);
  }, 60_000);

  it('past MAX_CONNECTIONS a new connection is closed at once; once others go, a visitor gets in', async () => {
    const server = await startServer({ METRICS_TOKEN, MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '0' });
    const held = await Promise.all(Array.from({ length: 60 }, () => hold(server, '127.0.0.6')));
    await settle(500);
    expect(held.filter((connection) => !connection.isClosed()).length).toBe(40);
    for (const connection of held) connection.socket.destroy();
    await settle(200);
    expect(await healthOf(server)).toBe(200);
    expect(await metric(server, 'storefront_connections_refused_total{reason="process"}')).toBe(20);
  }, 60_000);
});

describe('time-outs', () => {
  it('a stalled body and unfinished headers are closed within seconds; a slow body that keeps moving is not', async () => {
    const server = await startServer({ IDLE_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '2' });
    const stalledBody = await hold(
      server,
      '127.0.0.7',
      'POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na',
    );
    // Headers sent a byte at a time, never finished: each byte is activity, so only the headers' bound ends it.
    const trickledHeaders = await hold(server, '127.0.0.7', 'GET /api/health HTTP/1.1\r\n');
    const trickle = setInterval(() => trickledHeaders.socket.write('X'), 300);
    // A slow upload: a byte every 300 ms for 3 s, then the rest; it is answered.
    const body = JSON.stringify({ name: 'Ada', email: 'ada@example.test', message: 'Hello there, a slow one.' });
    const slow = await hold(
      server,
      '127.0.0.8',
      `POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    let answer = '';
    slow.socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    for (const character of body.slice(0, 10)) {
      slow.socket.write(character);
      await settle(300);
    }
    slow.socket.write(body.slice(10));
    try {
      // Both bounds are a few seconds; Node checks them every second.
      await Promise.race([
        Promise.all([stalledBody.closed, trickledHeaders.closed]),
        settle(10_000).then(() => {
          throw new Error(
            `still open after 10 s: body ${!stalledBody.isClosed()}, headers ${!trickledHeaders.isClosed()}`,
          );
        }),
      ]);
    } finally {
      clearInterval(trickle);
    }
    await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 (200|201|400) /);
    expect(answer).not.toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);

  it('two hundred bodies cut off half-way write one log line for their address, not two hundred', async () => {
    const server = await startServer({});
    for (let round = 0; round < 200; round += 1) {
      const cut = await hold(
        server,
        '127.0.0.9',
        'POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na',
      );
      await settle(5);
      cut.socket.destroy();
    }
    await settle(500);
    expect(await healthOf(server)).toBe(200);
    const aborted = server.lines.filter((line) => line.event === 'client.aborted');
    expect(aborted.length).toBe(1);
    expect(aborted[0]!.address).toBe('127.0.0.9');
  }, 60_000);
});

describe('the idle time-out bounds the request, not the answer', () => {
  it('an answer that takes longer than IDLE_TIMEOUT still arrives; a stalled body is still closed', async () => {
    const limits = {
      maxConnections: 100,
      maxPerAddress: 0,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 500,
      keepAliveTimeoutMs: 5000,
    };
    // The answer comes 1.5 s after the request is in, three times the idle time-out: a slow mail server, say.
    const slow = createServer(connectionServerOptions(limits), (request, response) => {
      request.resume();
      request.on('end', () => setTimeout(() => response.end('late but here'), 1500));
    });
    guardConnections(slow, limits, () => {});
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as AddressInfo;
    try {
      const get = await fetch(`http://127.0.0.1:${port}/`);
      expect(await get.text()).toBe('late but here');
      const post = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'a body read in full' });
      expect(await post.text()).toBe('late but here');
      const stalled = await hold(
        { port } as Running,
        '127.0.0.1',
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc',
      );
      await Promise.race([
        stalled.closed,
        settle(5000).then(() => {
          throw new Error('a stalled body was still open after 5 s');
        }),
      ]);
      // On a kept-alive connection, the second request's body is bounded as the first's was.
      const kept = await hold({ port } as Running, '127.0.0.1', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise<void>((resolve) =>
        kept.socket.on('data', (chunk: Buffer) => chunk.toString().includes('late but here') && resolve()),
      );
      kept.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc');
      await Promise.race([
        kept.closed,
        settle(5000).then(() => {
          throw new Error("a kept-alive connection's stalled second body was still open after 5 s");
        }),
      ]);
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  }, 30_000);
});
