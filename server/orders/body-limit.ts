/**
 * The office's report upload carries a PDF of up to REPORT_MAX_BYTES, so its route takes bodies of that size
 * plus room for the multipart framing; every other request keeps the limit it had (`otherwise`).
 */
import type { MiddlewareHandler } from 'hono';
import { REPORT_MAX_BYTES } from '../../domain/orders';
import { limitBodyTo } from '../http/body-limit';
import { errorResponse } from '../http/errors';

/** Multipart boundary and part headers: a few hundred bytes in practice. */
export const REPORT_FORM_OVERHEAD_BYTES = 64 * 1024;
export const REPORT_BODY_LIMIT_BYTES = REPORT_MAX_BYTES + REPORT_FORM_OVERHEAD_BYTES;
export const REPORT_TOO_LARGE_TEXT = `The report is too large (at most ${REPORT_MAX_BYTES / (1024 * 1024)} MB).`;

/** POST /api/office/orders/<id>/report, and nothing else. */
const REPORT_PATH = /^\/api\/office\/orders\/[^/]+\/report$/;

export function limitBodyWithReportRoute(defaultMaxBytes: number, otherwise: MiddlewareHandler): MiddlewareHandler {
  // A body this large can only be the report: say so, in the same words as the check on the file itself.
  const reportLimit = limitBodyTo(Math.max(REPORT_BODY_LIMIT_BYTES, defaultMaxBytes), (c) =>
    errorResponse(c, 413, REPORT_TOO_LARGE_TEXT),
  );
  return (c, next) =>
    c.req.method === 'POST' && REPORT_PATH.test(c.req.path) ? reportLimit(c, next) : otherwise(c, next);
}
