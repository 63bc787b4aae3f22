/**
 * The profile form carries a picture of up to AVATAR_MAX_BYTES, so its route takes bodies of that size
 * plus room for the multipart framing and the text fields; every other route keeps BODY_LIMIT_BYTES.
 */
import type { MiddlewareHandler } from 'hono';
import { AVATAR_MAX_BYTES } from '../../domain/contract';
import { limitBodyTo } from '../http/body-limit';
import { errorResponse } from '../http/errors';
import { AVATAR_TOO_LARGE_TEXT } from './image';

/** Multipart boundaries, part headers, name and e-mail: a few hundred bytes in practice. */
export const PROFILE_FORM_OVERHEAD_BYTES = 64 * 1024;
export const PROFILE_BODY_LIMIT_BYTES = AVATAR_MAX_BYTES + PROFILE_FORM_OVERHEAD_BYTES;
export const PROFILE_UPDATE_PATH = '/api/users/profile/update';

/**
 * One body limit for the whole app: the profile update route gets PROFILE_BODY_LIMIT_BYTES (or the global
 * limit, if that is larger), every other request `defaultMaxBytes` through `defaultLimit`.
 */
export function limitBodyWithAvatarRoute(defaultMaxBytes: number, defaultLimit: MiddlewareHandler): MiddlewareHandler {
  // A body this large can only be the picture: say so, in the same words as the check on the file itself.
  const profileLimit = limitBodyTo(Math.max(PROFILE_BODY_LIMIT_BYTES, defaultMaxBytes), (c) =>
    errorResponse(c, 413, AVATAR_TOO_LARGE_TEXT),
  );
  return (c, next) => (c.req.path === PROFILE_UPDATE_PATH ? profileLimit(c, next) : defaultLimit(c, next));
}
