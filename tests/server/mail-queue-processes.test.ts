/**
 * The mail queue across real server processes (docs/operating.md#mail-queue): an instance is killed with SIGKILL
 * while it is sending a code (its mail server hangs mid-conversation); another instance on the same data
 * sends it once the dead one's claim lapses. Nothing the first one was asked to send is lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, type Socket, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { codeIn, startMailCatcher } from './mail-helpers';
import { type Running, startServer, stopSpawnedServers } from './spawned-server';

/** A mail server that accepts connections and never says a word: a send stays under way until it times out. */
const sockets: Socket[] = [];
const silent: Server = createServer((socket) => sockets.push(socket));
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const silentUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
const catcher = await startMailCatcher();
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-mail-kill-'));

afterAll(async () => {
  await stopSpawnedServers();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await catcher.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = { DATA_DIR: dataDir, MAIL_CLAIM_SECONDS: '3', REGISTER_MAX_PER_ADDRESS_PER_HOUR: '1000' };

async function request(instance: Running, path: string, init?: RequestInit) {
  return fetch(`http://127.0.0.1:${instance.port}${path}`, init);
}

it('a code an instance was sending when it was killed is sent by the next one, once', async () => {
  const email = `killed.${Date.now()}@example.com`;
  // The account comes first, from an instance whose mail arrives: a sign-up sends its own verification mail,
  // which must not be the send the kill interrupts.
  const setup = await startServer({ ...env, SMTP_URL: catcher.url });
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: 'Kim Killed', email, password: 'a fine passphrase' })) {
    form.append(name, value);
  }
  expect((await request(setup, '/api/auth/register/email', { method: 'POST', body: form })).status).toBe(201);
  await expect
    .poll(() => catcher.signUps.filter((mail) => mail.rcptTo.includes(email)).length, { timeout: 15_000 })
    .toBe(1);
  setup.child.kill('SIGTERM');
  await setup.exited();

  const first = await startServer({ ...env, SMTP_URL: silentUrl });
  expect((await request(first, `/api/users/password/forgot?email=${encodeURIComponent(email)}`)).status).toBe(200);
  // The reset code is queued and its send has begun: the silent server holds the connection.
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
  first.child.kill('SIGKILL');
  await first.exited();

  const second = await startServer({ ...env, SMTP_URL: catcher.url });
  try {
    // The dead instance's claim lapses after 3 s; the sweep (every 5 s) then sends the code.
    const mail = await catcher.waitFor(email, 1, 30_000);
    expect(mail.subject).toMatch(/password reset code/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(catcher.to(email)).toHaveLength(1);
  } finally {
    second.child.kill('SIGKILL');
  }
}, 90_000);
