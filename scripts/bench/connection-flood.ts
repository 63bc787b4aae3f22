/**
 * `npm run bench`'s connection flood (docs/operating.md#connections): four addresses (127.0.0.2 to .5, this
 * machine on Linux) open 600 idle connections each and 100 more each that send half a request body and stall;
 * meanwhile a new visitor (127.0.0.1) asks `/api/health` 40 times, 50 ms apart. The per-address cap closes most of
 * the flood at once; the figures are the visitor's answer times. Target: every answer within 100 ms.
 */
import { type Socket, connect } from 'node:net';

const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const IDLE_PER_ADDRESS = 600;
const HALF_SENT_PER_ADDRESS = 100;
const CHECKS = 40;

export interface FloodResult {
  opened: number;
  /** Still open, as the flooding clients see them, after the checks: what the caps let stay (and what is not yet closed). */
  heldOpen: number;
  health: { p50: number; max: number; failures: number };
}

function open(port: number, localAddress: string, send: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (send) socket.write(send);
      resolve(socket);
    });
    socket.once('close', () => resolve(socket));
  });
}

export async function connectionFlood(base: string): Promise<FloodResult> {
  const port = Number(new URL(base).port);
  process.stdout.write(
    `  connection flood: ${ADDRESSES.length} addresses × ${IDLE_PER_ADDRESS} idle + ${HALF_SENT_PER_ADDRESS} half-sent …`,
  );
  const halfSent =
    'POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"na';
  const sockets = await Promise.all(
    ADDRESSES.flatMap((address) => [
      ...Array.from({ length: IDLE_PER_ADDRESS }, () => open(port, address, '')),
      ...Array.from({ length: HALF_SENT_PER_ADDRESS }, () => open(port, address, halfSent)),
    ]),
  );
  const times: number[] = [];
  let failures = 0;
  for (let check = 0; check < CHECKS; check += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`).catch(() => undefined);
    times.push(performance.now() - started);
    if (res?.status !== 200) failures += 1;
    await res?.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const heldOpen = sockets.filter((socket) => !socket.destroyed).length;
  for (const socket of sockets) socket.destroy();
  times.sort((x, y) => x - y);
  process.stdout.write(` ${heldOpen} of ${sockets.length} held open\n`);
  return {
    opened: sockets.length,
    heldOpen,
    health: { p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, failures },
  };
}
