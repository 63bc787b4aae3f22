// A client that hangs up half-way through sending its request, over a real socket (what @hono/node-server
// sees in production): logged as such at warn level, never as a server failure. Such lines are written once a
// minute per address (server/log.ts), so each case comes from an address of its own (127.0.0.x, all this machine).
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { guardConnections } from '#server/http/connections';
import { cleanup, createTestServer, register } from './helpers';

const TEST_LIMITS = {
  maxConnections: 1000,
  maxPerAddress: 0,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5000,
};

const { app, logLines } = await createTestServer();
const account = await register(app);
let server: ServerType;
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
    // As the server runs it (server/main.ts): among other things, each connection's address is kept for the log.
    guardConnections(server as Server, TEST_LIMITS, () => {});
  });
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  await cleanup();
});

/** Sends the head and the first part of a body, waits until the server has begun reading it, hangs up. */
let nextAddress = 10;
async function sendHalfAndHangUp(head: string, part: string): Promise<void> {
  nextAddress += 1;
  const socket = connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${nextAddress}` });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  const received = new Promise<void>((resolve) => server.once('request', () => resolve()));
  socket.write(head.replace(/\n/g, '\r\n') + '\r\n' + part);
  // The server has the head and has handed the request to the app, which now waits for the rest of the body.
  await received;
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
}

async function waitForLine(predicate: (line: (typeof logLines)[number]) => boolean) {
  for (let waited = 0; waited < 3000; waited += 20) {
    const line = logLines.find(predicate);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no such log line; the log has: ${JSON.stringify(logLines.slice(-5))}`);
}

const aborted = (path: string) => (line: (typeof logLines)[number]) =>
  line.event === 'client.aborted' && line.path === path;

describe('a client that disconnects mid-request', () => {
  it.each([
    ['a JSON body of known length', 'POST', '/api/auth/login/email', 'application/json', 'length'],
    ['a JSON body sent in chunks', 'POST', '/api/invoices/create', 'application/json', 'chunked'],
    ['a multipart form', 'PATCH', '/api/users/profile/update', 'multipart/form-data; boundary=xyz', 'length'],
    ['a urlencoded form', 'POST', '/api/auth/register/email', 'application/x-www-form-urlencoded', 'length'],
    [
      'the sandbox checkout form',
      'POST',
      '/pay/sandbox/some-invoice/pay',
      'application/x-www-form-urlencoded',
      'length',
    ],
  ])('is logged as aborted, not as a failure: %s', async (_label, method, path, contentType, framing) => {
    const part = contentType.startsWith('multipart')
      ? '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda'
      : '{"email":"a@exa';
    const body = framing === 'chunked' ? `${part.length.toString(16)}\r\n${part}\r\n` : part;
    const length = framing === 'chunked' ? 'Transfer-Encoding: chunked' : 'Content-Length: 4000';
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Content-Type: ${contentType}`,
      `Authorization: Bearer ${account.token}`,
      length,
      '',
      '',
    ].join('\n');
    const errorsBefore = logLines.filter((line) => line.level >= 50).length;

    await sendHalfAndHangUp(head.slice(0, -1), body);

    const line = await waitForLine(aborted(path));
    expect(line).toMatchObject({
      level: 40,
      event: 'client.aborted',
      method,
      path,
      address: `127.0.0.${nextAddress}`,
      msg: 'the client disconnected mid-request',
    });
    // Give a late 500 line the chance to appear before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines.filter((entry) => entry.level >= 50)).toHaveLength(errorsBefore);
  });

  it('leaves the server answering', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
