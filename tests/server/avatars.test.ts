import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '#domain/contract';
import {
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  form,
  jsonInit,
  login,
  register,
  sessionBody,
  uniqueEmail,
} from './helpers';
import { GIF, JPEG, WEBP } from './image-files';

afterAll(cleanup);

const { app, db } = await createTestServer();

const TOO_LARGE = 'The picture must be at most 2 MB.';
const NOT_AN_IMAGE = 'The picture must be a PNG, JPEG, WebP or GIF image.';

// ---- real, tiny images, built here ----

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid 1x1 PNG of one RGB colour (signature, IHDR, IDAT, IEND with correct CRCs). */
function png(rgb: [number, number, number]): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const scanline = Buffer.from([0, ...rgb]); // filter type 0, then the pixel
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(scanline)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const PNG_RED = png([255, 0, 0]);
const PNG_BLUE = png([0, 0, 255]);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A buffer of exactly `size` bytes that starts like a PNG (its size is what the test is about). */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_RED);
  return bytes;
}

function updateProfile(token: string | null, fields: Record<string, string | Blob>) {
  return app.request('/api/users/profile/update', {
    method: 'PATCH',
    body: form(fields),
    headers: token ? bearer(token) : {},
  });
}

async function upload(
  account: { token: string; user: { name: string; email: string } },
  bytes: Uint8Array<ArrayBuffer>,
  fileName = 'avatar.bin',
  declaredType = 'application/octet-stream',
) {
  return updateProfile(account.token, {
    name: account.user.name,
    email: account.user.email,
    avatar: new File([bytes], fileName, { type: declaredType }),
  });
}

async function avatarRow(userId: string) {
  return db.selectFrom('avatars').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

async function getBytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

describe('uploading an avatar with PATCH /api/users/profile/update', () => {
  it('stores a real PNG, answers with its versioned URL, and serves the same bytes from it', async () => {
    const account = await register(app, { name: 'Grace Hopper' });
    expect(account.user.avatarURL).toBeNull();

    const res = await upload(account, PNG_RED, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const body = await sessionBody(res);
    expect(body.token).toBe(account.token);
    expect(body.user).toEqual({ ...account.user, avatarURL: body.user.avatarURL });
    const hash = sha256(PNG_RED);
    expect(body.user.avatarURL).toBe(`/api/avatars/${account.user.id}?v=${hash.slice(0, 16)}`);

    const served = await app.request(body.user.avatarURL!);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(served.headers.get('ETag')).toBe(`"${hash}"`);
    expect(served.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable');
    expect(await getBytes(served)).toEqual(PNG_RED);

    const row = await avatarRow(account.user.id);
    expect(row).toMatchObject({ content_type: 'image/png', sha256: hash });
    expect(new Uint8Array(row!.bytes)).toEqual(PNG_RED);
  });

  it('names the avatar in /api/users/authenticate and in the answer to a new sign-in', async () => {
    const account = await register(app);
    const { user } = await sessionBody(await upload(account, PNG_RED));
    expect(user.avatarURL).toMatch(/\?v=[0-9a-f]{16}$/);
    expect(await (await authenticate(app, account.token)).json()).toEqual({ user });
    const signIn = await sessionBody(await login(app, account.user.email, account.password));
    expect(signIn.user.avatarURL).toBe(user.avatarURL);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['PNG', PNG_BLUE, 'image/png'],
  ])('recognises a %s by its content, whatever the name and declared type', async (_label, bytes, type) => {
    const account = await register(app);
    // Declared as something else entirely, with a meaningless name.
    const res = await upload(account, bytes, 'upload', 'application/octet-stream');
    expect(res.status).toBe(200);
    const { user } = await sessionBody(res);
    const served = await app.request(user.avatarURL!);
    expect(served.headers.get('Content-Type')).toBe(type);
    expect(await getBytes(served)).toEqual(bytes);
  });

  it('stores JPEG bytes declared as image/png (and named .png) as image/jpeg', async () => {
    const account = await register(app);
    const res = await upload(account, JPEG, 'photo.png', 'image/png');
    expect(res.status).toBe(200);
    expect((await avatarRow(account.user.id))?.content_type).toBe('image/jpeg');
    const served = await app.request((await sessionBody(res)).user.avatarURL!);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it.each([
    ['a text file named .png', new TextEncoder().encode('just some text, not a picture'), 'photo.png', 'image/png'],
    [
      'an SVG (scriptable, not accepted)',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.svg',
      'image/svg+xml',
    ],
    // RIFF, its size, WEBP and then nothing: no image chunk at all.
    ['a bare WebP header', new TextEncoder().encode('RIFF\u0004\u0000\u0000\u0000WEBP'), 'a.webp', 'image/webp'],
    [
      'a RIFF file that is not WebP',
      new TextEncoder().encode('RIFF\u0004\u0000\u0000\u0000WAVEfmt '),
      'a.webp',
      'image/webp',
    ],
  ])('refuses %s with 415 and changes nothing', async (_label, bytes, fileName, declaredType) => {
    const account = await register(app, { name: 'Unchanged Name' });
    const res = await updateProfile(account.token, {
      name: 'Changed Name',
      email: account.user.email,
      avatar: new File([bytes], fileName, { type: declaredType }),
    });
    expect(res.status).toBe(415);
    expect(await errorText(res)).toBe(NOT_AN_IMAGE);
    expect(await avatarRow(account.user.id)).toBeUndefined();
    expect(await (await authenticate(app, account.token)).json()).toEqual({ user: account.user });
  });

  it('decides the type by the signature alone, also when the file ends right after it', async () => {
    const account = await register(app);
    const res = await upload(account, new Uint8Array([0xff, 0xd8, 0xff]), 'photo.png', 'image/png');
    expect(res.status).toBe(200);
    expect((await avatarRow(account.user.id))?.content_type).toBe('image/jpeg');
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with 413', async () => {
    const account = await register(app);
    const atLimit = await upload(account, pngOfSize(AVATAR_MAX_BYTES));
    expect(atLimit.status).toBe(200);
    const stored = await avatarRow(account.user.id);
    expect(stored?.bytes.length).toBe(AVATAR_MAX_BYTES);

    const tooLarge = await upload(account, pngOfSize(AVATAR_MAX_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(await errorText(tooLarge)).toBe(TOO_LARGE);
    // The previous picture stays.
    expect((await avatarRow(account.user.id))?.sha256).toBe(stored?.sha256);
  });

  it('refuses a body far above the limit with 413 before reading it; other routes keep the 1 MB limit', async () => {
    const account = await register(app);
    const huge = await upload(account, pngOfSize(3 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(await errorText(huge)).toBe(TOO_LARGE);

    // 1.5 MB: fine for the profile form, too large anywhere else.
    const midSize = pngOfSize(1.5 * 1024 * 1024);
    expect((await upload(account, midSize)).status).toBe(200);
    const elsewhere = await app.request(
      '/api/auth/login/email',
      jsonInit('POST', { email: account.user.email, password: 'x'.repeat(midSize.length) }),
    );
    expect(elsewhere.status).toBe(413);
    expect(await errorText(elsewhere)).toBe('The request is too large (at most 1 MB).');
  });

  it('replaces the picture on a second upload, with a new ?v', async () => {
    const account = await register(app);
    const first = (await sessionBody(await upload(account, PNG_RED))).user.avatarURL!;
    const second = (await sessionBody(await upload(account, GIF))).user.avatarURL!;
    expect(second).not.toBe(first);
    expect(second).toBe(`/api/avatars/${account.user.id}?v=${sha256(GIF).slice(0, 16)}`);

    const current = await app.request(second);
    expect(current.headers.get('Content-Type')).toBe('image/gif');
    expect(await getBytes(current)).toEqual(GIF);
    // The old URL now names an outdated version: the new picture, but not to be cached as immutable.
    const old = await app.request(first);
    expect(old.status).toBe(200);
    expect(old.headers.get('Cache-Control')).toBe('no-cache');
    expect(await getBytes(old)).toEqual(GIF);
    expect(
      await db.selectFrom('avatars').select('user_id').where('user_id', '=', account.user.id).execute(),
    ).toHaveLength(1);
  });

  it('keeps the picture when only the name and e-mail change (and for an empty file part)', async () => {
    const account = await register(app);
    const { user } = await sessionBody(await upload(account, PNG_RED));
    const email = uniqueEmail('renamed');
    const res = await updateProfile(account.token, { name: 'Renamed', email, currentPassword: account.password });
    expect(res.status).toBe(200);
    const renamed = await sessionBody(res);
    // The new address waits for its code (email-change-proof.test.ts); the name is saved at once.
    expect(renamed.user).toMatchObject({ name: 'Renamed', email: account.user.email, avatarURL: user.avatarURL });

    // What a browser sends for a file input left empty.
    const emptyPart = await updateProfile(renamed.token, {
      name: 'Renamed Again',
      email: account.user.email,
      avatar: new File([], '', { type: 'application/octet-stream' }),
    });
    expect(emptyPart.status).toBe(200);
    expect((await sessionBody(emptyPart)).user.avatarURL).toBe(user.avatarURL);

    // An empty file that has a name: no picture either, not a refused one.
    const emptyFile = await updateProfile(renamed.token, {
      name: 'Renamed Again',
      email: account.user.email,
      avatar: new File([], 'empty.png', { type: 'image/png' }),
    });
    expect(emptyFile.status).toBe(200);
    expect((await sessionBody(emptyFile)).user.avatarURL).toBe(user.avatarURL);
  });

  it('stores nothing when the profile update is refused (e-mail in use: 409)', async () => {
    const owner = await register(app);
    const account = await register(app);
    const res = await updateProfile(account.token, {
      name: account.user.name,
      email: owner.user.email,
      currentPassword: account.password,
      avatar: new File([PNG_RED], 'me.png', { type: 'image/png' }),
    });
    expect(res.status).toBe(409);
    expect(await avatarRow(account.user.id)).toBeUndefined();
  });

  it('refuses an avatar field that is not a file with 400', async () => {
    const account = await register(app);
    const res = await updateProfile(account.token, { name: 'N', email: account.user.email, avatar: 'not a file' });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe('The picture must be sent as a file.');
  });

  it('needs a token (401)', async () => {
    const res = await updateProfile(null, {
      name: 'N',
      email: uniqueEmail(),
      avatar: new File([PNG_RED], 'me.png', { type: 'image/png' }),
    });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe('Please sign in to continue.');
  });
});

describe('GET /api/avatars/<id>', () => {
  it('answers If-None-Match with 304 and no body; a different tag gets the picture', async () => {
    const account = await register(app);
    const url = (await sessionBody(await upload(account, PNG_RED))).user.avatarURL!;
    const etag = `"${sha256(PNG_RED)}"`;

    const notModified = await app.request(url, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('ETag')).toBe(etag);
    expect(notModified.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable');
    expect((await getBytes(notModified)).length).toBe(0);

    const listed = await app.request(url, { headers: { 'If-None-Match': `"other", W/${etag}` } });
    expect(listed.status).toBe(304);

    // Any current picture will do (RFC 9110): a cache that holds one need not fetch it again.
    expect((await app.request(url, { headers: { 'If-None-Match': '*' } })).status).toBe(304);
    // W/ marks a weak tag only at its start: inside a tag it is part of another tag.
    const inside = `"${sha256(PNG_RED).slice(0, 8)}W/${sha256(PNG_RED).slice(8)}"`;
    expect((await app.request(url, { headers: { 'If-None-Match': inside } })).status).toBe(200);

    const stale = await app.request(url, { headers: { 'If-None-Match': `"${sha256(GIF)}"` } });
    expect(stale.status).toBe(200);
    expect(await getBytes(stale)).toEqual(PNG_RED);
  });

  it('asks caches to revalidate when the request has no ?v or a wrong one', async () => {
    const account = await register(app);
    await upload(account, PNG_RED);
    const plain = await app.request(`/api/avatars/${account.user.id}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Cache-Control')).toBe('no-cache');
    expect(plain.headers.get('ETag')).toBe(`"${sha256(PNG_RED)}"`);
    const wrong = await app.request(`/api/avatars/${account.user.id}?v=0000000000000000`);
    expect(wrong.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('is a JSON 404 for a user without a picture and for an unknown user', async () => {
    const account = await register(app);
    for (const id of [account.user.id, 'no-such-user']) {
      const res = await app.request(`/api/avatars/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await errorText(res)).toBe('This user has no picture.');
    }
  });

  it('is gone with the account (ON DELETE CASCADE)', async () => {
    const account = await register(app);
    const url = (await sessionBody(await upload(account, PNG_RED))).user.avatarURL!;
    expect((await app.request(url)).status).toBe(200);
    await db.deleteFrom('users').where('id', '=', account.user.id).execute();
    expect(await avatarRow(account.user.id)).toBeUndefined();
    expect((await app.request(url)).status).toBe(404);
  });
});
