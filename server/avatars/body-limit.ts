/**
 * The profile form carries a picture of up to AVATAR_MAX_BYTES, so its route takes bodies of that size plus room
 * for the multipart framing and the text fields (its row in server/http/body-limits.ts).
 */
import { AVATAR_MAX_BYTES } from '#domain/contract';

/** Multipart boundaries, part headers, name and e-mail: a few hundred bytes in practice. */
const PROFILE_FORM_OVERHEAD_BYTES = 64 * 1024;
export const PROFILE_BODY_LIMIT_BYTES = AVATAR_MAX_BYTES + PROFILE_FORM_OVERHEAD_BYTES;
export const PROFILE_UPDATE_PATH = '/api/users/profile/update';
