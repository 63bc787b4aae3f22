/**
 * The routes whose bodies carry a file, with their own body limits (server/http/body-limits.ts applies them):
 * composed here, beside the app, because each size belongs to its resource.
 */
import { PROFILE_BODY_LIMIT_BYTES, PROFILE_UPDATE_PATH } from './avatars/body-limit';
import { AVATAR_TOO_LARGE_TEXT } from './avatars/image';
import type { BodyLimitRoute } from './http/body-limits';
import { REPORT_BODY_LIMIT_BYTES, REPORT_TOO_LARGE_TEXT } from './orders/body-limit';

export const BODY_LIMIT_ROUTES: readonly BodyLimitRoute[] = [
  // The profile form carries a picture (server/avatars/body-limit.ts).
  {
    method: 'PATCH',
    path: PROFILE_UPDATE_PATH,
    maxBytes: PROFILE_BODY_LIMIT_BYTES,
    tooLargeText: AVATAR_TOO_LARGE_TEXT,
  },
  // The office's report upload carries a PDF (server/orders/body-limit.ts).
  {
    method: 'POST',
    path: '/api/office/orders/:id/report',
    maxBytes: REPORT_BODY_LIMIT_BYTES,
    tooLargeText: REPORT_TOO_LARGE_TEXT,
  },
];
