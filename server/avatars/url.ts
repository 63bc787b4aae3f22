/** Where the browser loads a user's avatar from. `?v=` changes with the picture, so the URL can be cached forever. */

/** How many hex characters of the sha256 the `?v=` carries: 64 bits, plenty to tell one user's pictures apart. */
const AVATAR_VERSION_LENGTH = 16;

export function avatarVersion(sha256: string): string {
  return sha256.slice(0, AVATAR_VERSION_LENGTH);
}

/** `/api/avatars/<id>?v=<version>`, or null when the user has no avatar. */
export function avatarUrl(userId: string, sha256: string | null | undefined): string | null {
  if (!sha256) return null;
  return `/api/avatars/${encodeURIComponent(userId)}?v=${avatarVersion(sha256)}`;
}
