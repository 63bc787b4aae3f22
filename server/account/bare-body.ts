/** Whether a request carries no body at all: the contract's older, bodiless form of a request. */
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { SMALL_BODY, bodyBytes } from '../http/body-read';

/**
 * Whether a request carries nothing: no Content-Type and no bytes. Only then is the body read here; any other
 * body goes on to its own checks (a JSON body to validation, anything else to the 415 of server/http/validate.ts).
 */
export async function isBare(c: Context<AppEnv>): Promise<boolean> {
  if (c.req.header('content-type') !== undefined) return false;
  return (await bodyBytes(c, SMALL_BODY)).byteLength === 0;
}
