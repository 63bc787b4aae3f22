/**
 * A client that goes away while its request is still arriving (tab closed, network lost, a scanner
 * hanging up half-way through a body). @hono/node-server then rejects the body read (with the socket's
 * "aborted" error, or with "Client connection prematurely closed." from the request's abort signal);
 * that is no failure of the server, and nobody is left to read the answer.
 */
import type { Context } from 'hono';

/** The parts of Node's IncomingMessage (in the node server's bindings, `c.env.incoming`) read here. */
interface Incoming {
  /** True once the whole request, body included, has been received. */
  complete?: unknown;
  /** True once the stream (and with it the connection) is torn down. */
  destroyed?: unknown;
}

/**
 * True when the request came over a socket whose client disconnected before sending all of it.
 * Requests made in-process (`app.request` in tests) carry no socket and are never "aborted".
 */
export function clientAborted(c: Context): boolean {
  const env: unknown = c.env;
  const incoming = typeof env === 'object' && env !== null ? (env as { incoming?: Incoming }).incoming : undefined;
  if (!incoming || incoming.complete !== false) return false;
  return incoming.destroyed === true || c.req.raw.signal.aborted;
}
