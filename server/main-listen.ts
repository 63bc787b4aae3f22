/** How the entry point (main.ts) listens: the HTTP server, its connection caps and time-outs. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { App } from './app';
import type { Config } from './config';
import { connectionServerOptions, guardConnections } from './http/connections';
import type { ServerLog } from './log';
import type { Metrics } from './metrics/metrics';

/** The connection caps and time-outs from the configuration (docs/operating.md#connections). */
const connectionLimits = (config: Config) => ({
  maxConnections: config.MAX_CONNECTIONS,
  maxPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
  requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
  idleTimeoutMs: config.IDLE_TIMEOUT_SECONDS * 1000,
  keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
});

/** The address a listening server can be reached at, as a URL (an IPv6 address in brackets). */
export function localUrl(info: Pick<AddressInfo, 'address' | 'family' | 'port'>): string {
  return `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
}

/** Answers the function that starts listening, called once the process is ready to take requests. */
export function listener(app: App, config: Config, log: ServerLog, metrics: Metrics, dev: boolean) {
  const connections = connectionLimits(config);
  // Plain HTTP/1 (no createServer option): serve() gives a node:http Server.
  return (): Server => {
    const server = serve(
      {
        fetch: app.fetch,
        port: config.PORT,
        hostname: config.HOST,
        serverOptions: connectionServerOptions(connections),
      },
      (info: AddressInfo) => {
        console.log(
          `[server] listening on ${localUrl(info)} — open ${config.PUBLIC_URL}${dev ? ' (API only, --dev)' : ''}`,
        );
      },
    ) as Server;
    guardConnections(server, connections, (reason, address) => {
      metrics.countConnectionRefusal(reason);
      log.warnRepeated('connection.refused', { reason, address }, 'a connection was refused past its cap');
    });
    return server;
  };
}
