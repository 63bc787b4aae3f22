// The documents scenario's clients (scripts/bench/documents.ts), in a process of their own that the bench runs at
// the lowest CPU priority: they stand for customers on other machines, so they must not take the CPU from the
// server, nor from the load balancer's health check, that the scenario measures. One argument, JSON:
// { base, invoiceUrl, downloader, exporters, downloaders, seconds }. Prints "started" when the clients begin,
// then one JSON line: { downloads, exports, failures }.
const { base, invoiceUrl, downloader, exporters, downloaders, seconds } = JSON.parse(process.argv[2]);

const failures = [];
let downloads = 0;
let exports = 0;
const until = Date.now() + seconds * 1000;

async function loop(url, headers, count) {
  while (Date.now() < until) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status === 200) count();
    else if (failures.length < 10) failures.push(`${url}: ${res.status}`);
  }
}

process.stdout.write('started\n');
await Promise.all([
  ...Array.from({ length: downloaders }, () => loop(`${base}${invoiceUrl}`, downloader, () => (downloads += 1))),
  ...exporters.map((headers) => loop(`${base}/api/users/export`, headers, () => (exports += 1))),
]);
process.stdout.write(`${JSON.stringify({ downloads, exports, failures })}\n`);
