/**
 * Checking an uploaded profile picture. The type is decided by the file's first bytes (its "magic
 * number"), never by the declared Content-Type or the file name, which the uploader controls: a text
 * file named photo.png is refused, and JPEG bytes declared as image/png are stored as image/jpeg.
 */
import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '#domain/contract';
import { HttpError } from '../http/errors';

type AvatarType = (typeof AVATAR_TYPES)[number];

export const AVATAR_TOO_LARGE_TEXT = 'The picture must be at most 2 MB.';
export const AVATAR_NOT_IMAGE_TEXT = 'The picture must be a PNG, JPEG, WebP or GIF image.';
export const AVATAR_NOT_FILE_TEXT = 'The picture must be sent as a file.';

export interface CheckedAvatar {
  contentType: AvatarType;
  bytes: Uint8Array;
  /** sha256 of the bytes, lower-case hex. */
  sha256: string;
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The image type the bytes really are, or null when they are none of the accepted ones. */
function sniffImageType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  // RIFF <4-byte size> WEBP <chunk>
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8) && bytes.length > 12) return 'image/webp';
  return null;
}

/**
 * The `avatar` field of a profile form: undefined when none was sent (also the empty part a browser
 * sends for a file input left empty), else the checked image; 413/415 (400 for a non-file) otherwise.
 */
export async function readAvatarField(value: unknown): Promise<CheckedAvatar | undefined> {
  if (value === undefined || value === '') return undefined;
  if (!(value instanceof Blob)) throw new HttpError(400, AVATAR_NOT_FILE_TEXT);
  if (value.size === 0) return undefined;
  if (value.size > AVATAR_MAX_BYTES) throw new HttpError(413, AVATAR_TOO_LARGE_TEXT);
  const bytes = new Uint8Array(await value.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new HttpError(415, AVATAR_NOT_IMAGE_TEXT);
  return { contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
