/**
 * The drain (server/http/drain.ts) called in the test's own process, on a real node:http server listening on
 * 127.0.0.1 and real client sockets: it stops the background work and turns the health check to "draining" at
 * once, refuses new connections, closes idle keep-alive connections, lets the requests in flight finish with their
 * whole answer (asking the client to close), then closes the services one after the other and exits 0; a failing
 * service, or a grace period that runs out, makes it say so and exit 1; a second signal is only logged.
 *
 * shutdown.test.ts shows the same on the compiled server in a process of its own, as a deploy's SIGTERM meets it.
 * This file exists beside it because mutation testing (StrykerJS) mutates only the code running in the test's own
 * process: a spawned server never runs a mutant. The process exit is a function that records its code, and the
 * log a captured one, so every line the drain takes can be checked here.
 */
import { type Server, createServer } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Readiness, createDrain, drainOnSignals } from '#server/http/drain';
import { type LogLine, createCapturedLog } from './helpers';

/** How long a test waits for something that should happen at once before it gives up (a hang, not a speed check). */
const WAIT_MS = 5000;
/** Long enough that no test which expects a clean exit ever meets it, short enough that a hang fails quickly. */
const GRACE_MS = 2000;

/** What the close steps, the stop functions and the exit did, in the order they did it. */
const happened: string[] = [];
const sockets: Socket[] = [];
const running: Running[] = [];
const plain: Server[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of running.splice(0)) await server.stop();
  for (const server of plain.splice(0)) {
    server.closeAllConnections();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  }
  happened.length = 0;
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > WAIT_MS) throw new Error(`${what}: not seen in time`);
    await settle(5);
  }
}

interface Running {
  port: number;
  server: Server;
  readiness: Readiness;
  lines: LogLine[];
  exits: number[];
  drain: (signal: string) => void;
  /** Requests the app has and holds: path → the function that answers it. */
  holding: Map<string, () => void>;
  /** The first code the drain exited with. */
  exited: () => Promise<number>;
  /** The drain's log lines (`shutdown.*`), by event. */
  events: () => string[];
  line: (event: string) => LogLine | undefined;
  stop: () => Promise<void>;
}

/**
 * A server whose app answers `/quick` at once, holds `/hold...` until the test answers it, and for `/stream` sends
 * its head and a first part at once and the rest when the test says: its headers have left before the drain.
 */
async function start(
  options: { graceMs?: number; stop?: Array<() => void>; close?: Array<() => Promise<unknown>> } = {},
): Promise<Running> {
  const holding = new Map<string, () => void>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/hold')) {
      holding.set(path, () => res.end(`held answer for ${path}`));
    } else if (path === '/stream') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part, ');
      holding.set(path, () => res.end('last part'));
    } else {
      res.end('quick answer');
    }
  });
  const { log, lines } = createCapturedLog();
  const readiness: Readiness = { draining: false };
  const exits: number[] = [];
  let drained = false;
  const drain = createDrain({
    server,
    readiness,
    log,
    graceMs: options.graceMs ?? GRACE_MS,
    stop: options.stop ?? [],
    close: options.close ?? [],
    exit: (code) => {
      exits.push(code);
      happened.push(`exit ${code}`);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const events = () => lines.filter((line) => line.event?.startsWith('shutdown.')).map((line) => line.event ?? '');
  const started: Running = {
    port,
    server,
    readiness,
    lines,
    exits,
    holding,
    drain: (signal) => {
      drained = true;
      drain(signal);
    },
    exited: async () => {
      await until('the exit', () => exits.length > 0);
      return exits[0]!;
    },
    events,
    line: (event) => lines.find((line) => line.event === event),
    // Answers what is held and ends every connection, so the drain runs to its end and clears its timer.
    stop: async () => {
      for (const answer of holding.values()) answer();
      server.closeAllConnections();
      if (!drained) server.close();
      await closed;
      if (drained) await until('the exit after clean-up', () => exits.length > 0).catch(() => {});
    },
  };
  running.push(started);
  return started;
}

/** A server with no app, for the tests of what wraps the drain; the drain closes it. */
async function listening(): Promise<Server> {
  const server = createServer();
  plain.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Answers the held request at `path`. */
function answer(running: Running, path: string): void {
  const respond = running.holding.get(path);
  if (!respond) throw new Error(`no request held at ${path}`);
  running.holding.delete(path);
  respond();
}

interface Connection {
  socket: Socket;
  /** Everything the server has written on it so far. */
  received: () => string;
  /** Resolves once the connection is closed (by the server, in these tests). */
  closed: Promise<void>;
  isClosed: () => boolean;
}

/** A raw connection, to read exactly what the server writes and see when it closes the connection. */
async function openConnection(port: number): Promise<Connection> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  let done = false;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      done = true;
      resolve();
    }),
  );
  return { socket, received: () => text, closed, isClosed: () => done };
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

/** The head and the body of the one answer in `text`. */
function split(text: string): { head: string; body: string } {
  const end = text.indexOf('\r\n\r\n');
  return { head: text.slice(0, end), body: text.slice(end + 4) };
}

/** Whether a new connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the drain begins', () => {
  it('stops the background work and turns the health check to draining at once, and refuses new connections', async () => {
    const server = await start({ stop: [() => happened.push('stop 1'), () => happened.push('stop 2')] });
    expect(server.readiness.draining).toBe(false);
    expect(await refused(server.port)).toBe(false);
    expect(happened).toEqual([]);

    server.drain('SIGTERM');
    // Before anything asynchronous has had a chance to run.
    expect(server.readiness.draining).toBe(true);
    expect(happened).toEqual(['stop 1', 'stop 2']);
    expect(await refused(server.port)).toBe(true);

    expect(await server.exited()).toBe(0);
    expect(happened).toEqual(['stop 1', 'stop 2', 'exit 0']);
    expect(server.line('shutdown.draining')).toMatchObject({
      level: 30,
      signal: 'SIGTERM',
      openRequests: 0,
      graceSeconds: 2,
      msg: 'SIGTERM: draining, no new connections; 0 request(s) in flight, 2 s grace',
    });
  });

  it('closes idle keep-alive connections, and answers a request that arrives on a busy one asking it to close', async () => {
    const server = await start();
    // Two answers on one connection: before the drain, a connection is kept alive after its answer.
    const idle = await openConnection(server.port);
    idle.socket.write(request('/quick'));
    await until('the first answer', () => idle.received().endsWith('quick answer'));
    expect(split(idle.received()).head).toMatch(/^connection: keep-alive$/im);
    idle.socket.write(request('/quick'));
    await until('the second answer', () => idle.received().split('quick answer').length === 3);
    expect(idle.isClosed()).toBe(false);

    // A request answered, then in the same write the head of a second one, not yet complete: once the first is
    // answered the server has read the second's beginning, so the connection is busy, not idle, and its request
    // arrives once the drain has begun (as a balancer's probe on a kept-alive connection would).
    const busy = await openConnection(server.port);
    busy.socket.write(`${request('/quick')}GET /quick HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    await until('the first answer', () => busy.received().endsWith('quick answer'));
    const firstAnswer = busy.received();
    // A request the app holds, so the drain has something to wait for while the test looks.
    const held = await openConnection(server.port);
    held.socket.write(request('/hold'));
    await until('the app holding the request', () => server.holding.has('/hold'));

    server.drain('SIGTERM');
    // The answered requests no longer count as in flight.
    expect(server.line('shutdown.draining')).toMatchObject({ openRequests: 1 });
    await idle.closed;
    expect(busy.isClosed()).toBe(false);

    busy.socket.write('\r\n');
    await busy.closed;
    expect(split(firstAnswer).head).toMatch(/^connection: keep-alive$/im);
    const { head, body } = split(busy.received().slice(firstAnswer.length));
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(body).toBe('quick answer');

    expect(happened).toEqual([]);
    answer(server, '/hold');
    expect(await server.exited()).toBe(0);
  });
});

describe('requests in flight', () => {
  it('finish with their whole answer, which asks the client to close, before the services close', async () => {
    const server = await start({
      close: [
        async () => {
          happened.push('services closed');
        },
      ],
    });
    const held = await openConnection(server.port);
    held.socket.write(request('/hold'));
    await until('the app holding the request', () => server.holding.has('/hold'));

    server.drain('SIGTERM');
    expect(server.line('shutdown.draining')).toMatchObject({
      openRequests: 1,
      msg: 'SIGTERM: draining, no new connections; 1 request(s) in flight, 2 s grace',
    });
    // Nothing closes under the request: the test answers it when it likes.
    await settle(50);
    expect(held.isClosed()).toBe(false);
    expect(happened).toEqual([]);
    expect(server.events()).toEqual(['shutdown.draining']);

    answer(server, '/hold');
    await held.closed;
    const { head, body } = split(held.received());
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(body).toBe('held answer for /hold');
    expect(await server.exited()).toBe(0);
    expect(happened).toEqual(['services closed', 'exit 0']);
  });

  it('whose headers left before the drain still complete, and their kept-alive connection is then closed', async () => {
    const server = await start();
    const streamed = await openConnection(server.port);
    streamed.socket.write(request('/stream'));
    await until('the first part', () => streamed.received().includes('first part, '));

    server.drain('SIGTERM');
    expect(server.line('shutdown.draining')).toMatchObject({ openRequests: 1 });
    await settle(50);
    expect(streamed.isClosed()).toBe(false);

    answer(server, '/stream');
    await streamed.closed;
    const { head, body } = split(streamed.received());
    // Its head said keep-alive, too late to change: the server closes the connection once the answer is out.
    expect(head).toMatch(/^connection: keep-alive$/im);
    expect(head).toMatch(/^transfer-encoding: chunked$/im);
    expect(body).toBe('c\r\nfirst part, \r\n9\r\nlast part\r\n0\r\n\r\n');
    expect(await server.exited()).toBe(0);
  });
});

describe('after the last request', () => {
  it('closes the services one after the other, in order, then exits 0 and says so', async () => {
    const server = await start({
      graceMs: 1000,
      close: [
        async () => {
          happened.push('first begins');
          // Resolves on a later turn: the second must wait for it, not merely be called after it.
          await settle(20);
          happened.push('first ends');
        },
        async () => {
          happened.push('second begins');
          await settle(20);
          happened.push('second ends');
        },
      ],
    });
    server.drain('SIGTERM');
    expect(await server.exited()).toBe(0);
    expect(happened).toEqual(['first begins', 'first ends', 'second begins', 'second ends', 'exit 0']);
    expect(server.events()).toEqual(['shutdown.draining', 'shutdown.requests_finished', 'shutdown.complete']);
    expect(server.line('shutdown.draining')).toMatchObject({ graceSeconds: 1 });
    expect(server.line('shutdown.requests_finished')).toMatchObject({
      level: 30,
      msg: 'no request left; closing the services and the database',
    });
    expect(server.line('shutdown.complete')).toMatchObject({ level: 30, msg: 'shut down cleanly' });

    // The grace period's timer was stopped: its end, which would come before this wait's, changes nothing.
    await settle(1000);
    expect(server.exits).toEqual([0]);
    expect(server.line('shutdown.grace_expired')).toBeUndefined();
  });

  it('still closes the later services when one fails, logs the failure and exits 1, not "shut down cleanly"', async () => {
    const server = await start({
      close: [
        async () => {
          happened.push('first fails');
          throw new Error('the service would not close');
        },
        async () => {
          happened.push('second closes');
        },
      ],
    });
    server.drain('SIGTERM');
    expect(await server.exited()).toBe(1);
    expect(happened).toEqual(['first fails', 'second closes', 'exit 1']);
    expect(server.events()).toEqual(['shutdown.draining', 'shutdown.requests_finished', 'shutdown.close_failed']);
    expect(server.line('shutdown.close_failed')).toMatchObject({
      level: 50,
      msg: 'a service failed to close',
      err: { message: 'the service would not close' },
    });
  });
});

describe('the grace period', () => {
  it('ends with a request still open: says how many and exits 1', async () => {
    const server = await start({ graceMs: 300 });
    // Answered before the drain: not counted.
    const answered = await openConnection(server.port);
    answered.socket.write(request('/quick'));
    await until('the answer', () => answered.received().endsWith('quick answer'));
    const held = await openConnection(server.port);
    held.socket.write(request('/hold'));
    await until('the app holding the request', () => server.holding.has('/hold'));

    server.drain('SIGTERM');
    expect(await server.exited()).toBe(1);
    expect(server.events()).toEqual(['shutdown.draining', 'shutdown.grace_expired']);
    expect(server.line('shutdown.grace_expired')).toMatchObject({
      level: 50,
      openRequests: 1,
      graceSeconds: 0.3,
      msg: '1 request(s) still open after the 0.3 s grace period; exiting',
    });
    // The request ending late changes nothing: no "shut down cleanly", no second exit.
    server.holding.get('/hold')!();
    await until('the late answer', () => held.received().endsWith('held answer for /hold'));
    await until('the services closed', () => server.events().includes('shutdown.requests_finished'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.events()).toEqual(['shutdown.draining', 'shutdown.grace_expired', 'shutdown.requests_finished']);
    expect(server.exits).toEqual([1]);
  });

  it('ends while the services are still closing: says so and exits 1', async () => {
    let finishClosing = () => {};
    const server = await start({
      graceMs: 300,
      close: [() => new Promise<void>((resolve) => (finishClosing = resolve))],
    });
    server.drain('SIGTERM');
    try {
      expect(await server.exited()).toBe(1);
      expect(server.events()).toEqual(['shutdown.draining', 'shutdown.requests_finished', 'shutdown.grace_expired']);
      expect(server.line('shutdown.grace_expired')).toMatchObject({
        level: 50,
        openRequests: 0,
        graceSeconds: 0.3,
        msg: 'closing the services after the 0.3 s grace period; exiting',
      });
    } finally {
      finishClosing();
    }
    // The services closing late changes nothing: no "shut down cleanly", no second exit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.events()).not.toContain('shutdown.complete');
    expect(server.exits).toEqual([1]);
  });
});

describe('a second signal', () => {
  it('is logged and changes nothing: the request in flight still gets its answer', async () => {
    const server = await start({ stop: [() => happened.push('stopped')] });
    const held = await openConnection(server.port);
    held.socket.write(request('/hold'));
    await until('the app holding the request', () => server.holding.has('/hold'));

    server.drain('SIGTERM');
    server.drain('SIGINT');
    expect(happened).toEqual(['stopped']);
    expect(server.events()).toEqual(['shutdown.draining', 'shutdown.signal_repeated']);
    expect(server.line('shutdown.signal_repeated')).toMatchObject({
      level: 40,
      signal: 'SIGINT',
      msg: 'SIGINT while draining: still draining',
    });

    answer(server, '/hold');
    await held.closed;
    expect(split(held.received()).body).toBe('held answer for /hold');
    expect(await server.exited()).toBe(0);
    expect(happened).toEqual(['stopped', 'exit 0']);
  });
});

describe('drainOnSignals', () => {
  it('drains on SIGTERM and on SIGINT, one drain for both', async () => {
    const server = await listening();
    const before = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
    const { log, lines } = createCapturedLog();
    const exits: number[] = [];
    const readiness: Readiness = { draining: false };
    drainOnSignals({
      server,
      readiness,
      log,
      graceMs: GRACE_MS,
      stop: [],
      close: [],
      exit: (code) => exits.push(code),
    });
    const added = {
      SIGTERM: process.listeners('SIGTERM').filter((listener) => !before.SIGTERM.includes(listener)),
      SIGINT: process.listeners('SIGINT').filter((listener) => !before.SIGINT.includes(listener)),
    };
    try {
      expect([added.SIGTERM.length, added.SIGINT.length]).toEqual([1, 1]);
      // Called directly, not sent: a real signal would reach the test runner's own handlers too.
      added.SIGTERM[0]!('SIGTERM');
      added.SIGINT[0]!('SIGINT');
      await until('the exit', () => exits.length > 0);
      expect(exits).toEqual([0]);
      expect(readiness.draining).toBe(true);
      expect(lines.find((line) => line.event === 'shutdown.draining')).toMatchObject({ signal: 'SIGTERM' });
      expect(lines.find((line) => line.event === 'shutdown.signal_repeated')).toMatchObject({ signal: 'SIGINT' });
    } finally {
      for (const listener of added.SIGTERM) process.off('SIGTERM', listener);
      for (const listener of added.SIGINT) process.off('SIGINT', listener);
    }
  });
});

describe('without an exit function', () => {
  it('exits the process with the code', async () => {
    // Stands in for the real process.exit, which would end the test run itself.
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    try {
      const { log } = createCapturedLog();
      createDrain({
        server: await listening(),
        readiness: { draining: false },
        log,
        graceMs: GRACE_MS,
        stop: [],
        close: [],
      })('SIGTERM');
      await until('process.exit', () => exit.mock.calls.length > 0);
      expect(exit.mock.calls).toEqual([[0]]);
    } finally {
      exit.mockRestore();
    }
  });
});
