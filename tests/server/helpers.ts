/**
 * Shared set-up for the server tests: a fresh in-memory database per app, a clock the test moves by hand,
 * a tiny built SPA in a temporary folder, and small helpers for the calls most tests make.
 * Requests go to the Hono app in-process (`app.request`); see socket.test.ts for the real-socket path.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#server/app';
import type { Clock } from '#server/clock';
import { type Config, loadConfig } from '#server/config';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { createLog } from '#server/log';
import { ErrorBody, PaymentLinkResponse, InvoicesResponse, SessionResponse } from '#domain/contract';
import pg from 'pg';
import { assert } from 'superstruct';
import { inject } from 'vitest';
import { type TestPostgres, startPostgres } from './postgres';

export const INDEX_HTML = '<!doctype html><html><head><title>Storefront test page</title></head><body></body></html>';
export const ASSET_PATH = '/assets/index-abc123.js';
export const ASSET_BODY = 'console.log("storefront");';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-01-05T09:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

const cleanups: Array<() => unknown> = [];

/** Removes the temporary folders and closes the databases made so far; each test file runs it in afterAll. */
export async function cleanup(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) await step();
}

export const SECRET_OUTSIDE_STATIC = 'secret beside the static folder';

/**
 * A throw-away STATIC_DIR with an index.html, one hashed asset and one plain file (removed by `cleanup`).
 * Its parent also holds `secret.txt`, which no request may ever reach.
 */
export function createStaticDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'storefront-static-'));
  writeFileSync(join(parent, 'secret.txt'), SECRET_OUTSIDE_STATIC);
  const dir = join(parent, 'dist');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, ASSET_PATH), ASSET_BODY);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  return dir;
}

/** An empty throw-away DATA_DIR (removed by `cleanup`), so no test writes into the project's ./data. */
export function createDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-data-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One parsed line of the server's JSON log. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string; event?: string };

/**
 * A log that keeps its lines in memory instead of printing them, so tests can read the security events
 * (and the test output stays quiet).
 */
export function createCapturedLog() {
  const lines: LogLine[] = [];
  const log = createLog({
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { log, lines, events: () => lines.filter((line) => line.log === 'security') };
}

/**
 * TEST_DATABASE=postgres: createTestServer runs on PostgreSQL instead of in-memory SQLite, in a fresh database
 * of the run's cluster (tests/postgres-server.ts).
 */
export const TEST_ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';

let cluster: Promise<TestPostgres> | undefined;
let databaseCounter = 0;

/**
 * A fresh database for one server, dropped again by `cleanup`: in the run's cluster when the project started
 * one, otherwise (a file that runs once, in the SQLite project) in a cluster of this file's own, started on
 * first use and stopped by `cleanup`.
 */
export async function createPostgresDatabase(): Promise<string> {
  const server = inject('postgresServer');
  if (server) return createDatabaseIn(server);
  if (!cluster) {
    const starting = startPostgres();
    cluster = starting;
    cleanups.push(async () => {
      cluster = undefined;
      await (await starting).stop();
    });
  }
  return (await cluster).createDatabase();
}

/**
 * A database already migrated to the latest schema, for a test server: a copy of the run's migrated template when
 * the shared cluster has one, else an empty one (the server's migrations run either way).
 */
async function createMigratedPostgresDatabase(): Promise<string> {
  const server = inject('postgresServer');
  if (server) return createDatabaseIn(server, inject('postgresTemplate'));
  return createPostgresDatabase();
}

/** CREATE DATABASE in the shared cluster; the database goes again with the file (after its handles closed). */
async function createDatabaseIn(server: string, template?: string): Promise<string> {
  databaseCounter += 1;
  const name = `test_${process.pid}_${databaseCounter}`;
  await onServer(server, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  // Cleanups run last-first: this one runs after the database handles opened on it are destroyed.
  cleanups.push(() => onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return `${server}/${name}`;
}

async function onServer(server: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A complete app over a fresh database (in-memory SQLite, or PostgreSQL under TEST_ON_POSTGRES), with a hand-moved clock. */
export async function createTestServer(overrides: Partial<Config> = {}) {
  const config: Config = { ...loadConfig({}), STATIC_DIR: createStaticDir(), DATA_DIR: createDataDir(), ...overrides };
  if (TEST_ON_POSTGRES && config.DATABASE_URL === undefined)
    config.DATABASE_URL = await createMigratedPostgresDatabase();
  const db = config.DATABASE_URL !== undefined ? openPostgresDatabase(config.DATABASE_URL) : openDatabase(':memory:');
  await migrate(db);
  cleanups.push(() => db.destroy());
  const clock = createTestClock();
  const captured = createCapturedLog();
  const app = closeAfterAll(createApp({ db, config, clock, log: captured.log }));
  return { app, db, clock, config, log: captured.log, logLines: captured.lines, securityEvents: captured.events };
}

/**
 * Destroys a database handle (its SQLite connection or PostgreSQL pool) in `cleanup`, before the throw-away
 * cluster it may use stops, for tests that open one themselves. Safe to call from inside a test, where
 * vitest's own afterAll would not register.
 */
export function destroyAfterAll<T extends { destroy(): Promise<void> }>(db: T): T {
  cleanups.push(() => db.destroy());
  return db;
}

/** Closes the app (its limits database) in `cleanup`, for tests that call createApp themselves. */
export function closeAfterAll<T extends { close(): Promise<void> }>(app: T): T {
  cleanups.push(() => app.close());
  return app;
}

export type TestApp = Awaited<ReturnType<typeof createTestServer>>['app'];

/** The bindings @hono/node-server would pass: lets a test choose the client's address. */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } };
}

let counter = 0;
/** A unique, valid e-mail for each call, so tests never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${counter}.${Date.now()}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Reads an error body, asserting it has the contract's `{message: {en}}` shape, and returns the text. */
export async function errorText(res: Response): Promise<string> {
  const body: unknown = await res.json();
  assert(body, ErrorBody);
  return body.message.en;
}

export async function sessionBody(res: Response): Promise<SessionResponse> {
  const body: unknown = await res.json();
  assert(body, SessionResponse);
  return body;
}

let addressCounter = 0;
/** A client address no other call of this helper file gives out (198.18.0.0/15, set aside for tests). */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 0xff}.${addressCounter & 0xff}`;
}

/** Registers from `address`, by default an address of its own (as customers do), so the per-address limit on registration never adds up across tests. */
export async function register(
  app: TestApp,
  fields: { name?: string; email?: string; password?: string; address?: string } = {},
): Promise<SessionResponse & { password: string }> {
  const password = fields.password ?? PASSWORD;
  const res = await app.request(
    '/api/auth/register/email',
    {
      method: 'POST',
      body: form({ name: fields.name ?? 'Ada Lovelace', email: fields.email ?? uniqueEmail(), password }),
    },
    fromAddress(fields.address ?? uniqueAddress()),
  );
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { ...(await sessionBody(res)), password };
}

export function login(app: TestApp, email: string, password: string, address = '192.0.2.1') {
  return app.request('/api/auth/login/email', jsonInit('POST', { email, password }), fromAddress(address));
}

export function authenticate(app: TestApp, token: string) {
  return app.request('/api/users/authenticate', { headers: bearer(token) });
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export const ORDER = {
  amount: 49,
  title: 'Website Development Consultation',
  type: 'Video Meeting',
  url: 'https://example.com',
} as const;

export function createInvoice(app: TestApp, token: string | null, body: unknown = ORDER) {
  return app.request('/api/invoices/create', jsonInit('POST', body, token ? bearer(token) : {}));
}

/** The caller's invoices, asserting the contract's shape. */
export async function myInvoices(app: TestApp, token: string): Promise<InvoicesResponse['invoices']> {
  const res = await app.request('/api/invoices/my', { headers: bearer(token) });
  if (res.status !== 200) throw new Error(`GET /api/invoices/my failed: ${res.status} ${await res.text()}`);
  const body: unknown = await res.json();
  assert(body, InvoicesResponse);
  return body.invoices;
}

/** Creates an invoice (201 expected) and returns its payment link. */
export async function paymentLink(app: TestApp, token: string, body: unknown = ORDER): Promise<string> {
  const res = await createInvoice(app, token, body);
  if (res.status !== 201) throw new Error(`invoice create failed: ${res.status} ${await res.text()}`);
  const created: unknown = await res.json();
  assert(created, PaymentLinkResponse);
  return created.paymentLink;
}
