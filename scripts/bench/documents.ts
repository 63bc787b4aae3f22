/**
 * `npm run bench`'s documents scenario (docs/performance.md#documents): while 24 clients download one customer's
 * invoice document and 4 customers with 30 paid orders each download their data export, over and over, a
 * load balancer's health check asks every 50 ms. Heavy work must not hold the event loop: the health check's
 * median and 99th percentile are the figures, the documents' throughput is reported beside them.
 *
 * The clients run in a process of their own at the lowest CPU priority (documents-load.mjs), the health check
 * here at the normal one: on a two-core machine, clients given an equal share took the CPU the server and the
 * check needed, and the check's figures were the clients' own wait for a core, not the server's answer time.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const DOWNLOADERS = 24;
const EXPORTERS = 4;
const ORDERS_PER_EXPORTER = 30;
const HEALTH_EVERY_MS = 50;
/** The nicest a process can be on Linux: it runs when nothing else wants the CPU. */
const LOWEST_PRIORITY = 19;

export interface DocumentsResult {
  seconds: number;
  downloads: number;
  exports: number;
  failures: string[];
  health: { count: number; p50: number; p99: number; max: number };
}

const ORDER = JSON.stringify({
  amount: 49,
  title: 'Website Development Consultation',
  type: 'Video Meeting',
  url: 'https://example.com',
});

async function register(base: string, n: number): Promise<Record<string, string>> {
  const form = new FormData();
  form.append('name', `Documents ${n}`);
  form.append('email', `documents-${n}@example.com`);
  form.append('password', 'bench password 123');
  const res = await fetch(`${base}/api/auth/register/email`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
}

/** An order paid in the sandbox checkout; answers its id. */
async function paidOrder(base: string, headers: Record<string, string>): Promise<string> {
  const created = await fetch(`${base}/api/invoices/create`, { method: 'POST', headers, body: ORDER });
  if (created.status !== 201) throw new Error(`creating an invoice failed: ${created.status} ${await created.text()}`);
  const link = new URL(((await created.json()) as { paymentLink: string }).paymentLink);
  const paid = await fetch(`${base}${link.pathname}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ sig: link.searchParams.get('sig') ?? '' }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`paying failed: ${paid.status}`);
  return decodeURIComponent(link.pathname.split('/').pop()!);
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

export async function documentsScenario(base: string, seconds: number): Promise<DocumentsResult> {
  process.stdout.write(`  documents: ${EXPORTERS} customers with ${ORDERS_PER_EXPORTER} paid orders each …`);
  const exporters = await Promise.all(Array.from({ length: EXPORTERS }, (_, n) => register(base, n)));
  for (const headers of exporters) {
    for (let i = 0; i < ORDERS_PER_EXPORTER; i += 1) await paidOrder(base, headers);
  }
  const downloader = await register(base, EXPORTERS);
  const invoice = await paidOrder(base, downloader);
  process.stdout.write(' ready\n');

  const failures: string[] = [];
  const health: number[] = [];
  process.stdout.write(`  ${DOWNLOADERS} clients downloading an invoice, ${EXPORTERS} exporting, ${seconds} s …`);
  const clients = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./documents-load.mjs', import.meta.url)),
      JSON.stringify({
        base,
        invoiceUrl: `/api/orders/${encodeURIComponent(invoice)}/invoice.pdf`,
        downloader,
        exporters,
        downloaders: DOWNLOADERS,
        seconds,
      }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  setPriority(clients.pid!, LOWEST_PRIORITY);
  let output = '';
  const started = new Promise<void>((resolve) =>
    clients.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('started\n')) resolve();
    }),
  );
  const ended = new Promise<number | null>((resolve) => clients.once('exit', resolve));
  await started;
  let running = true;
  void ended.then(() => (running = false));
  while (running) {
    const begun = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    health.push(performance.now() - begun);
    if (res.status !== 200 && failures.length < 10) failures.push(`/api/health: ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  const code = await ended;
  const last = output.trim().split('\n').pop()!;
  if (code !== 0 || !last.startsWith('{')) throw new Error(`the documents clients failed (exit ${code}): ${output}`);
  const result = JSON.parse(last) as { downloads: number; exports: number; failures: string[] };
  const { downloads, exports } = result;
  failures.push(...result.failures);
  const sorted = [...health].sort((x, y) => x - y);
  process.stdout.write(` ${downloads} downloads, ${exports} exports\n`);
  return {
    seconds,
    downloads,
    exports,
    failures,
    health: {
      count: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1]!,
    },
  };
}
