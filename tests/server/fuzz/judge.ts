/**
 * The rules every answer must keep, whatever came in: no 5xx (but an overload guard's 503 with Retry-After),
 * every non-2xx answer under /api JSON with a string `message.en`, nothing logged at error level, and the
 * server still answering after each batch. Successful answers feed the world's pools (sessions, ids, links).
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { is } from 'superstruct';
import { ErrorBody, PaymentLinkResponse, InvoicesResponse, User } from '#domain/contract';
import { OfficeOrderResponse, OfficeOrdersResponse, StaffResponse } from '#domain/officeContract';
import { type LogLine, type TestApp, authenticate, fromAddress } from '../helpers';
import { type FuzzRequest, toRequestInit, tokenOf } from './requests';
import { type FuzzWorld, linkParts, remember } from './world';

const decoder = new TextDecoder();

function decoded(res: Response, bytes: Uint8Array): string {
  const encoding = res.headers.get('Content-Encoding');
  const raw = Buffer.from(bytes);
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  return decoder.decode(bytes);
}

function describeRequest(request: FuzzRequest, url: string, init: RequestInit): string {
  const body = init.body;
  const preview =
    typeof body === 'string' ? body.slice(0, 300) : body instanceof Uint8Array ? `${body.length} bytes` : 'no body';
  const headers = [...new Headers(init.headers).entries()].map(([name, value]) => `${name}: ${value.slice(0, 100)}`);
  return `${request.method} ${url.slice(0, 300)}\n${headers.join('\n')}\n\n${preview}`;
}

/** Sends one request and applies the rules; learns tokens, ids and links from successful answers. */
export async function sendAndJudge(target: TestApp, request: FuzzRequest, world?: FuzzWorld): Promise<void> {
  const { url, init } = toRequestInit(request, world);
  const env = request.address === undefined ? undefined : fromAddress(request.address);
  const res = await target.request(url, init, env);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = () => decoded(res, bytes);
  const failure = (rule: string) =>
    new Error(`${rule}: ${res.status} ${text().slice(0, 300)}\nfor\n${describeRequest(request, url, init)}`);

  const overloaded = res.status === 503 && res.headers.has('Retry-After');
  if (res.status >= 500 && !overloaded) throw failure('a 5xx answer');
  const pathname = new URL(url).pathname;
  const success = res.status >= 200 && res.status < 300;
  if (pathname.startsWith('/api/') && !success && res.status !== 304 && request.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(text());
    } catch {
      throw failure('an /api error that is not JSON');
    }
    if (!is(body, ErrorBody)) throw failure('an /api error without message.en');
  }
  const json = (res.headers.get('Content-Type') ?? '').startsWith('application/json');
  if (success && json && request.method !== 'HEAD' && world) learn(world, request, JSON.parse(text()));
}

function learn(world: FuzzWorld, request: FuzzRequest, body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { user, token } = body as { user?: unknown; token?: unknown };
  if (is(user, User)) {
    remember(world.pools.userIds, user.id);
    remember(world.pools.emails, user.email);
    if (typeof token === 'string' && token !== world.fuzzer.token && tokenOf(request.caller, world) !== token)
      remember(world.pools.tokens, token);
  }
  if (is(body, PaymentLinkResponse)) remember(world.pools.links, linkParts(body.paymentLink));
  if (is(body, InvoicesResponse))
    for (const invoice of body.invoices) {
      remember(world.pools.links, { id: invoice._id, sig: 'x' });
      remember(world.pools.orderIds, invoice._id);
    }
  if (is(body, OfficeOrdersResponse)) for (const order of body.orders) remember(world.pools.orderIds, order.id);
  if (is(body, OfficeOrderResponse)) remember(world.pools.orderIds, body.order.id);
  if (is(body, StaffResponse)) for (const member of body.staff) remember(world.pools.userIds, member.id);
}

export const errorLines = (lines: LogLine[]) => lines.filter((line) => line.level >= 50);

/** After each batch: the server still answers, nothing was logged as an error, and the fuzzer has a session. */
export async function afterBatch(
  target: TestApp,
  lines: LogLine[],
  errorsBefore: number,
  world?: FuzzWorld,
): Promise<void> {
  const health = await target.request('/api/health');
  if (health.status !== 200) throw new Error(`the health check answered ${health.status}`);
  // Background work (mail after a payment) runs on the next turns of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  const errors = errorLines(lines);
  if (errors.length > errorsBefore)
    throw new Error(`logged at error level: ${JSON.stringify(errors.at(-1)).slice(0, 2000)}`);
  if (world && target === world.app && (await authenticate(world.app, world.fuzzer.token)).status !== 200)
    await world.renewFuzzer();
}

/** A batch of requests to the world's app, then the checks after a batch. */
export async function runBatch(world: FuzzWorld, batch: FuzzRequest[]): Promise<void> {
  const errorsBefore = errorLines(world.logLines).length;
  for (const request of batch) await sendAndJudge(world.app, request, world);
  await afterBatch(world.app, world.logLines, errorsBefore, world);
}
