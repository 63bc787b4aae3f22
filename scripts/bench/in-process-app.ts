/**
 * The app as the server builds it, for measurements inside one process (in-process.ts, metrics-cost.ts): a file
 * database in WAL mode in a temporary folder (as in production, so the change stamp reads the real `-shm` file),
 * the log at `warn` and thrown away, one registered customer with `invoices` orders.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { createLog } from '#server/log';

const ADDRESS = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } } };
const ORDER = JSON.stringify({ amount: 49, title: 'Website Development Consultation', type: 'Video Meeting', url: '' });

export interface InProcessApp {
  app: ReturnType<typeof createApp>;
  db: ReturnType<typeof openDatabase>;
  dataDir: string;
  token: string;
  user: { id: string };
  /** A signed-in GET that must answer 200, its body read. */
  get(path: string): Promise<void>;
  close(): Promise<void>;
}

export async function inProcessApp(options: { invoices?: number; env?: Record<string, string> } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'storefront-in-process-'));
  const staticDir = join(work, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const dataDir = join(work, 'data');
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
    INVOICE_MAX_PER_USER_PER_HOUR: '1000000',
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: '1000000',
    ...options.env,
  });
  const db = openDatabase(dataDir);
  await migrate(db);
  const log = createLog({ level: 'warn', destination: { write: () => {} } });
  const app = createApp({ db, config, log });

  const form = new FormData();
  form.append('name', 'Bench Customer');
  form.append('email', 'bench@example.com');
  form.append('password', 'bench password 123');
  const registered = await app.request('/api/auth/register/email', { method: 'POST', body: form }, ADDRESS);
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
  const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
  const headers = { Authorization: `Bearer ${token}` };
  for (let i = 0; i < (options.invoices ?? 0); i += 1) {
    const init = { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: ORDER };
    const res = await app.request('/api/invoices/create', init, ADDRESS);
    if (res.status !== 201) throw new Error(`creating an invoice failed: ${res.status} ${await res.text()}`);
  }

  return {
    app,
    db,
    dataDir,
    token,
    user,
    async get(path: string) {
      const res = await app.request(path, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.text();
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(work, { recursive: true, force: true });
    },
  } satisfies InProcessApp;
}
