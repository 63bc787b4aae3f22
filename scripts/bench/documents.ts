/**
 * `npm run bench`'s documents scenario (docs/performance.md#documents): while 24 clients download one customer's
 * invoice document and 4 customers with 30 paid orders each download their data export, over and over, a
 * load balancer's health check asks every 50 ms. Heavy work must not hold the event loop: the health check's
 * median and 99th percentile are the figures, the documents' throughput is reported beside them.
 */

const DOWNLOADERS = 24;
const EXPORTERS = 4;
const ORDERS_PER_EXPORTER = 30;
const HEALTH_EVERY_MS = 50;

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
  let downloads = 0;
  let exports = 0;
  const health: number[] = [];
  const until = Date.now() + seconds * 1000;
  const loop = async (url: string, headers: Record<string, string>, count: () => void) => {
    while (Date.now() < until) {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status === 200) count();
      else if (failures.length < 10) failures.push(`${url}: ${res.status}`);
    }
  };
  const probe = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - started);
      if (res.status !== 200 && failures.length < 10) failures.push(`/api/health: ${res.status}`);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  };
  process.stdout.write(`  ${DOWNLOADERS} clients downloading an invoice, ${EXPORTERS} exporting, ${seconds} s …`);
  await Promise.all([
    ...Array.from({ length: DOWNLOADERS }, () =>
      loop(`${base}/api/orders/${encodeURIComponent(invoice)}/invoice.pdf`, downloader, () => (downloads += 1)),
    ),
    ...exporters.map((headers) => loop(`${base}/api/users/export`, headers, () => (exports += 1))),
    probe(),
  ]);
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
