/**
 * A customer's data export names their picture by its type: avatar.jpg, avatar.gif, avatar.webp (avatar.png and
 * the rest of the archive are in data-export.test.ts).
 */
import { unzipSync } from 'fflate';
import { afterAll, expect, it } from 'vitest';
import { bearer, cleanup, createTestServer, form, fromAddress, register, uniqueAddress } from './helpers';
import { GIF, JPEG, WEBP } from './image-files';

afterAll(cleanup);
const { app } = await createTestServer();

it.each([
  ['avatar.jpg', JPEG],
  ['avatar.gif', GIF],
  ['avatar.webp', WEBP],
])('puts the picture in the archive as %s', async (name, picture) => {
  const customer = await register(app);
  const updated = await app.request('/api/users/profile/update', {
    method: 'PATCH',
    headers: bearer(customer.token),
    body: form({ name: customer.user.name, email: customer.user.email, avatar: new File([picture], 'upload') }),
  });
  expect(updated.status).toBe(200);
  const res = await app.request('/api/users/export', { headers: bearer(customer.token) }, fromAddress(uniqueAddress()));
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  expect(Object.keys(files).sort()).toEqual([name, 'data.json']);
  expect(Buffer.from(files[name]!).equals(Buffer.from(picture))).toBe(true);
});
