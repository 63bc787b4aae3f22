/**
 * GET /api/avatars/<id>: the stored picture, for <img> tags (so no sign-in: an <img> sends no token;
 * user ids are random UUIDs that only appear in answers to their owner).
 *
 * The URL the API hands out carries `?v=<hash prefix>`: with the current version the answer may be cached
 * for a year (a new picture gets a new URL); without it, or with an old one, caches must revalidate, which
 * the ETag (the sha256) makes cheap. Only the browser may keep it (`private`): a customer's face is personal
 * data, so no shared cache (a proxy, a CDN) holds a copy that outlives a new picture or a deleted account. The bytes are served as the type found when they were checked, with
 * nosniff and a CSP that lets nothing run, so even a crafted file can never act as a page.
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { errorResponse } from '../http/errors';
import { findAvatar } from './repository';
import { avatarVersion } from './url';

export const NO_AVATAR_TEXT = 'This user has no picture.';
const AVATAR_CSP = "default-src 'none'";
const IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';

/** True when an If-None-Match header names the ETag (weak or strong, as RFC 9110 compares for GET), or is `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function serveAvatar(db: Kysely<Database>) {
  return async (c: Context): Promise<Response> => {
    const avatar = await findAvatar(db, c.req.param('id') ?? '');
    if (!avatar) return errorResponse(c, 404, NO_AVATAR_TEXT);

    const etag = `"${avatar.sha256}"`;
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': c.req.query('v') === avatarVersion(avatar.sha256) ? IMMUTABLE_CACHE : 'no-cache',
      'Content-Security-Policy': AVATAR_CSP,
      'X-Content-Type-Options': 'nosniff',
    };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(avatar.bytes), 200, { ...headers, 'Content-Type': avatar.content_type });
  };
}
