/**
 * Bounds on the connections one process keeps open (docs/operating.md#connections). Without them, a few
 * addresses holding thousands of idle or half-sent connections reached the process's file-descriptor limit, and
 * from then on every new visitor's connection was reset; a stalled body was kept for Node's default 300 s.
 *
 * - a cap on open connections per process (Node's `maxConnections`: past it, a new one is closed at once);
 * - a cap per client address, so a few addresses cannot take the whole process's share. Off behind a proxy
 *   (TRUST_PROXY), where every connection comes from the proxy and the proxy is the one to bound clients;
 * - short time-outs: the headers must arrive within `headersTimeoutMs`, the whole request within
 *   `requestTimeoutMs`, and a connection on which nothing moves for `idleTimeoutMs` is closed (a stalled body
 *   within seconds, while a slow upload that keeps moving goes on); an idle keep-alive connection is closed after
 *   `keepAliveTimeoutMs`.
 *
 * Refusals are counted (`storefront_connections_refused_total`) and logged at most once a minute per address
 * (server/log.ts), never one line each.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  maxConnections: number;
  /** 0: no cap per address (behind a proxy). */
  maxPerAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export type RefusalReason = 'process' | 'address';

/** How often Node checks the header and request time-outs (its default, 30 s, would let them overrun by as much). */
const TIMEOUT_CHECK_MS = 1000;

/** The options the server must be created with: Node reads its time-out checks' interval only then. */
export function connectionServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  };
}

/** Applies the caps and the idle time-out to a listening server; `refused` hears of every connection refused. */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  refused: (reason: RefusalReason, address: string) => void,
): void {
  server.maxConnections = limits.maxConnections;
  // Node keeps a connection's peer address once it is asked for; asked now, while the connection is open, a line
  // written after the client hung up (client.aborted) can still name it.
  server.on('connection', (socket: Socket) => void socket.remoteAddress);
  server.on('drop', (data?: { remoteAddress?: string }) => refused('process', data?.remoteAddress ?? 'unknown'));
  // Without a 'timeout' listener, Node destroys a connection idle this long. Only while the request arrives: once it
  // is all in, the answer may take longer than that (a mail server slow to answer, a busy document pool), and the
  // client must get it, not a reset connection.
  server.setTimeout(limits.idleTimeoutMs);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // A request without a body is all in already; one with a body is once it has been read. Checked on the
    // headers rather than by waiting a turn: this runs for every request, and a timer per request showed in the
    // API's throughput (docs/performance.md#connection-floods).
    if (hasNoBody(request)) request.socket.setTimeout(0);
    // A body left unread is read (and dropped) by Node only after the answer, when Node has set the keep-alive
    // time-out on the connection: lifting the time-out then would keep an idle connection open for good.
    else request.once('end', () => response.writableEnded || request.socket.setTimeout(0));
  });
  if (limits.maxPerAddress > 0) capPerAddress(server, limits.maxPerAddress, refused);
}

function capPerAddress(server: Server, max: number, refused: (reason: RefusalReason, address: string) => void): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      refused('address', address);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Node's own rule: a request has a body when it says how long it is (more than nothing, however written: `00` is
 * nothing) or that it is chunked.
 */
function hasNoBody(request: IncomingMessage): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] === undefined && Number(headers['content-length'] ?? 0) === 0;
}
