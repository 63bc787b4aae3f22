/**
 * The connection caps and time-outs (server/http/connections.ts) shown in this process, on a real node:http
 * server and real sockets: past `maxConnections` and past the cap per address a connection is closed at once and
 * reported, a closed connection frees its place, `maxPerAddress: 0` means no cap per address, a stalled body or
 * unfinished headers are closed within their bounds, and an answer slower than the idle time-out still arrives.
 *
 * connections.test.ts shows the same on the built server in a process of its own; that is the real set-up, but
 * mutation testing only sees code run in its own process, so without this file every change to connections.ts
 * would survive it.
 */
import { type IncomingMessage, type RequestListener, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import {
  type ConnectionLimits,
  type RefusalReason,
  connectionServerOptions,
  guardConnections,
} from '#server/http/connections';
import { afterEach, describe, expect, it } from 'vitest';

const IDLE_MS = 400;
/** Three times the idle time-out: an answer this slow would be cut off if the idle bound still held. */
const SLOW_ANSWER_MS = 3 * IDLE_MS;
const ANSWER = 'late but here';

const LIMITS: ConnectionLimits = {
  maxConnections: 100,
  maxPerAddress: 0,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
};

interface Guarded {
  server: Server;
  port: number;
  refusals: Array<[RefusalReason, string]>;
  /** The server's side of every connection that got past the caps, in the order they came. */
  accepted: Socket[];
  /** Those of them not closed yet. */
  live: Set<Socket>;
}

interface Client {
  socket: Socket;
  /** Resolves once the connection is closed, by either side. */
  closed: Promise<void>;
  isClosed: () => boolean;
  /** Everything the server has written so far. */
  received: () => string;
}

const servers: Server[] = [];
const clients: Socket[] = [];

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    }),
  );
});

/** Answers after SLOW_ANSWER_MS; reads the body only on /read, so a request left unread shows it was not waited on. */
const slowAnswer: RequestListener = (request: IncomingMessage, response: ServerResponse) => {
  const answer = () => setTimeout(() => response.end(ANSWER), SLOW_ANSWER_MS);
  if (request.url === '/read') {
    request.resume();
    request.once('end', answer);
  } else answer();
};

/** A guarded server on 127.0.0.1; `accepted` is filled by a listener added after the guard's, so it sees its verdict. */
async function guarded(overrides: Partial<ConnectionLimits>, handler: RequestListener = slowAnswer): Promise<Guarded> {
  const limits = { ...LIMITS, ...overrides };
  const server = createServer(connectionServerOptions(limits), handler);
  servers.push(server);
  const refusals: Array<[RefusalReason, string]> = [];
  guardConnections(server, limits, (reason, address) => refusals.push([reason, address]));
  const accepted: Socket[] = [];
  const live = new Set<Socket>();
  // Reads nothing of the socket: the test of the address kept after a hang-up relies on no one else asking.
  // Added after the guard's listeners, so its 'close' is heard once the guard has counted the connection out.
  server.on('connection', (socket: Socket) => {
    if (socket.destroyed) return;
    accepted.push(socket);
    live.add(socket);
    socket.once('close', () => live.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, refusals, accepted, live };
}

/** A connection to the server from `localAddress`, with `send` written once it is up (nothing: an idle one). */
function open(port: number, localAddress = '127.0.0.1', send = ''): Promise<Client> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    clients.push(socket);
    let done = false;
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolveClosed) =>
      socket.once('close', () => {
        done = true;
        resolveClosed();
      }),
    );
    const client = { socket, closed, isClosed: () => done, received: () => data };
    socket.once('connect', () => {
      if (send) socket.write(send);
      resolve(client);
    });
    socket.once('close', () => resolve(client));
  });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition`, polling; fails with `what` if it does not hold within `ms`. */
async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await settle(10);
  }
}

/** A connection the server took in: it counts towards the caps from here on. */
async function admitted(guard: Guarded, localAddress = '127.0.0.1'): Promise<Client> {
  const before = guard.accepted.length;
  const client = await open(guard.port, localAddress);
  await until(() => guard.accepted.length === before + 1, `a connection from ${localAddress} accepted`);
  // Still open a moment later: nothing closes it behind the listener's back.
  await settle(50);
  expect(client.isClosed()).toBe(false);
  return client;
}

/** A connection from `localAddress` the server closes at once, reported with `reason` and that address. */
async function turnedAway(guard: Guarded, reason: RefusalReason, localAddress = '127.0.0.1'): Promise<void> {
  const before = guard.refusals.length;
  const client = await open(guard.port, localAddress);
  await until(client.isClosed, `a connection from ${localAddress} closed by the server`);
  await until(() => guard.refusals.length === before + 1, 'the refusal reported');
  expect(guard.refusals.slice(before)).toEqual([[reason, localAddress]]);
}

/** Hangs up, and waits for the server to have seen its side close (only then is the place free). */
async function hangUp(guard: Guarded, ...leaving: Client[]): Promise<void> {
  const left = guard.live.size - leaving.length;
  for (const client of leaving) client.socket.destroy();
  await until(() => guard.live.size === left, 'the server to see the connections close');
}

describe('connectionServerOptions', () => {
  it('hands each time-out to Node and has it checked every second', () => {
    expect(
      connectionServerOptions({
        maxConnections: 1,
        maxPerAddress: 2,
        headersTimeoutMs: 3,
        requestTimeoutMs: 4,
        idleTimeoutMs: 5,
        keepAliveTimeoutMs: 6,
      }),
    ).toEqual({ headersTimeout: 3, requestTimeout: 4, keepAliveTimeout: 6, connectionsCheckingInterval: 1000 });
  });
});

describe('the cap per process', () => {
  it('past maxConnections a new connection is closed at once and reported; once one closes, a new one gets in', async () => {
    const guard = await guarded({ maxConnections: 3 });
    const first = await admitted(guard);
    await admitted(guard);
    await admitted(guard);
    // Node reports the IPv4 address as such on a server listening on 127.0.0.1.
    await turnedAway(guard, 'process');
    await hangUp(guard, first);
    await admitted(guard);
    await turnedAway(guard, 'process');
    expect(guard.refusals).toEqual([
      ['process', '127.0.0.1'],
      ['process', '127.0.0.1'],
    ]);
  });

  it('keeps the peer address of a connection after the client has hung up', async () => {
    const guard = await guarded({});
    const client = await admitted(guard);
    await hangUp(guard, client);
    // Asked for only now, with the connection gone: Node has it only if the guard asked while it was open.
    expect(guard.accepted[0]!.remoteAddress).toBe('127.0.0.1');
  });
});

describe('the cap per address', () => {
  it('closes the connection past the cap; a closed one frees its place; other addresses are not affected', async () => {
    const guard = await guarded({ maxPerAddress: 2 });
    const first = await admitted(guard);
    const second = await admitted(guard);
    await turnedAway(guard, 'address');
    // Another address has a cap of its own.
    const other = await admitted(guard, '127.0.0.2');
    await admitted(guard, '127.0.0.2');
    await turnedAway(guard, 'address', '127.0.0.2');
    // One closed: exactly one place is free again, not more.
    await hangUp(guard, first);
    const third = await admitted(guard);
    await turnedAway(guard, 'address');
    // All of its connections closed: the address counts none, and gets its whole share again.
    await hangUp(guard, second, third, other);
    await admitted(guard);
    await admitted(guard);
    await turnedAway(guard, 'address');
    expect(guard.refusals).toEqual([
      ['address', '127.0.0.1'],
      ['address', '127.0.0.2'],
      ['address', '127.0.0.1'],
      ['address', '127.0.0.1'],
    ]);
  });

  it('with maxPerAddress 0 one address may hold every place the process has', async () => {
    const guard = await guarded({ maxConnections: 8, maxPerAddress: 0 });
    for (let count = 0; count < 8; count += 1) await admitted(guard);
    await turnedAway(guard, 'process');
    expect(guard.refusals).toEqual([['process', '127.0.0.1']]);
  });
});

describe('the idle time-out bounds the request, not the answer', () => {
  /** Closed by the server within a few idle time-outs (generous: the machine may be busy). */
  async function closedByServer(guard: Guarded, request: string): Promise<void> {
    const client = await open(guard.port, '127.0.0.1', request);
    await until(client.isClosed, `closed: ${JSON.stringify(request)}`, 3000);
    expect(client.received()).not.toContain(ANSWER);
  }

  /** Answered in full, though the answer takes three idle time-outs. */
  async function answered(guard: Guarded, request: string): Promise<void> {
    const client = await open(guard.port, '127.0.0.1', request);
    await until(client.isClosed, `answered and closed: ${JSON.stringify(request)}`, 5000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(client.received().endsWith(ANSWER)).toBe(true);
  }

  it('a body that stalls is closed after the idle time-out, whether it has a length or is chunked', async () => {
    const guard = await guarded({ idleTimeoutMs: IDLE_MS });
    await Promise.all([
      closedByServer(guard, 'POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc'),
      closedByServer(guard, 'POST /read HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab'),
    ]);
  });

  it('a request without a body is answered, though the answer is slower than the idle time-out', async () => {
    const guard = await guarded({ idleTimeoutMs: IDLE_MS });
    // Not read by the handler: it is all in with its headers, nothing must wait for its end.
    await Promise.all([
      answered(guard, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      answered(guard, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
    ]);
  });

  it('a length of nothing however written is no body: `00` is answered too, unread', async () => {
    const guard = await guarded({ idleTimeoutMs: IDLE_MS });
    await answered(guard, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 00\r\nConnection: close\r\n\r\n');
  });

  it('a body that has fully arrived is answered, though the answer is slower than the idle time-out', async () => {
    const guard = await guarded({ idleTimeoutMs: IDLE_MS });
    await Promise.all([
      answered(guard, 'POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello'),
      answered(
        guard,
        'POST /read HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
      ),
    ]);
  });
});

describe('the headers time-out', () => {
  it('closes headers that never finish within headersTimeoutMs and the check interval', async () => {
    // The idle time-out is far off: only the headers' bound can close the connection this soon.
    const guard = await guarded({ headersTimeoutMs: 500, idleTimeoutMs: 10_000 });
    const client = await open(guard.port, '127.0.0.1', 'GET / HTTP/1.1\r\nHost: x\r\n');
    await until(client.isClosed, 'unfinished headers closed', 3000);
    expect(client.received()).not.toContain(ANSWER);
  });
});

describe('the keep-alive time-out', () => {
  it('closes an idle kept-alive connection, also after an answer that left the body unread', async () => {
    // The idle bound is far off: only the keep-alive bound can close the connection this soon.
    const answerAtOnce: RequestListener = (_request, response) => response.end(ANSWER);
    const guard = await guarded({ keepAliveTimeoutMs: 300, idleTimeoutMs: 10_000 }, answerAtOnce);
    const requests = [
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      // Answered before its body is read (as a refusal is): Node reads and drops the body after the answer.
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello',
    ];
    const clients = await Promise.all(requests.map((request) => open(guard.port, '127.0.0.1', request)));
    for (const client of clients) {
      await until(client.isClosed, `kept-alive connection closed: ${client.received().slice(0, 20)}`, 3000);
      expect(client.received().endsWith(ANSWER)).toBe(true);
    }
  });
});
