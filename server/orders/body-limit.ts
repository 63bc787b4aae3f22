/**
 * The office's report upload carries a PDF of up to REPORT_MAX_BYTES, so its route takes bodies of that size plus
 * room for the multipart framing (its row in server/http/body-limits.ts).
 */
import { REPORT_MAX_BYTES } from '#domain/orders';

/** Multipart boundary and part headers: a few hundred bytes in practice. */
const REPORT_FORM_OVERHEAD_BYTES = 64 * 1024;
export const REPORT_BODY_LIMIT_BYTES = REPORT_MAX_BYTES + REPORT_FORM_OVERHEAD_BYTES;
export const REPORT_TOO_LARGE_TEXT = `The report is too large (at most ${REPORT_MAX_BYTES / (1024 * 1024)} MB).`;
