import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_MAX_BYTES } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { signedUpMember } from '../../../test/users.ts';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A real picture of the given size and format, made with sharp. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', alpha = false) =>
  sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 40, g: 160, b: 90, alpha: alpha ? 0.5 : 1 } },
  })
    .toFormat(format)
    .toBuffer();

const put = (client: TestClient, kind: string, body: Buffer | string, type = 'image/png') =>
  client.request({ method: 'PUT', url: `/api/account/${kind}`, payload: body, headers: { 'content-type': type } });

/** The file on disk behind a /api/media/ URL. */
const fileOf = (url: string) => join(t.app.ctx.config.dataDir, 'media', url.replace('/api/media/', ''));
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('avatar and background uploads', () => {
  it('turn a real PNG into a 256×256 WebP served at the returned URL with immutable caching', async () => {
    const { client, id } = await signedUpMember(t.app);
    const res = await put(client, 'avatar', await picture(600, 400));
    expect(res.statusCode, res.body).toBe(200);
    const { success, url } = res.json();
    expect(success).toBe(true);
    expect(url).toMatch(new RegExp(`^/api/media/avatar/${id}-[A-Za-z0-9_-]+\\.webp$`));
    expect((await row(id)).avatar).toBe(url);
    // The cached session follows at once.
    expect((await client.get('/api/user/session')).json().user_info.avatar).toBe(url);

    const file = await new TestClient(t.app).get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('re-encode a JPEG without its EXIF metadata, whatever type the request declared', async () => {
    const { client } = await signedUpMember(t.app);
    const jpeg = await sharp(await picture(300, 300, 'jpeg'))
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'Someone' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await put(client, 'avatar', jpeg, 'image/webp');
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await new TestClient(t.app).get(res.json().url)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('keep a background at most 1920 wide, never enlarged', async () => {
    const { client, id } = await signedUpMember(t.app);
    const wide = await put(client, 'background', await picture(2400, 1200, 'jpeg'), 'image/jpeg');
    expect(wide.statusCode, wide.body).toBe(200);
    const meta = await sharp((await client.get(wide.json().url)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1920, 960]);
    expect((await row(id)).background).toBe(wide.json().url);
    const small = await put(client, 'background', await picture(800, 200, 'gif'), 'image/gif');
    expect(small.statusCode, small.body).toBe(200);
    const smallMeta = await sharp((await client.get(small.json().url)).rawPayload).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([800, 200]);
  });

  it('refuse what is not really a PNG, JPEG, WebP or GIF with 415, whatever the declared type', async () => {
    const { client, id } = await signedUpMember(t.app);
    const text = await put(client, 'avatar', 'just some text, not a picture', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, error_code: 'UNSUPPORTED_MEDIA_TYPE' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    expect((await put(client, 'avatar', svg, 'image/png')).statusCode).toBe(415);
    const tiff = await sharp(await picture(20, 20))
      .tiff()
      .toBuffer();
    expect((await put(client, 'background', tiff, 'image/jpeg')).statusCode).toBe(415);
    const truncated = (await picture(200, 200, 'jpeg')).subarray(0, 300);
    expect((await put(client, 'avatar', truncated, 'image/jpeg')).statusCode).toBe(415);
    const declared = await put(client, 'avatar', await picture(20, 20), 'text/plain');
    expect(declared.statusCode).toBe(415);
    expect(declared.json().error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const json = await client.request({ method: 'PUT', url: '/api/account/avatar', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect((await row(id)).avatar).toBeNull();
  });

  it('refuse a body over 5 MiB and a picture with too many pixels with 413', async () => {
    const { client } = await signedUpMember(t.app);
    const big = await put(client, 'background', Buffer.alloc(MEDIA_MAX_BYTES + 1, 1), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().error_code).toBe('PAYLOAD_TOO_LARGE');
    // A small file that decodes to 49 million pixels (a decompression bomb in miniature).
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MEDIA_MAX_BYTES);
    const res = await put(client, 'background', huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().error_code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('skins', () => {
  it('accept a 64×64 or 64×32 PNG, kept as a PNG with its transparency, and show it on the profile', async () => {
    const { client, id } = await signedUpMember(t.app);
    const res = await put(client, 'skin', await picture(64, 64, 'png', true));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(new RegExp(`^/api/media/skin/${id}-[A-Za-z0-9_-]+\\.png$`));
    const file = await client.get(url);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 64, 64, true]);
    expect((await client.get(`/api/profiles/${id}`)).json().data.skin_url).toBe(url);

    const legacy = await put(client, 'skin', await picture(64, 32, 'png', true));
    expect(legacy.statusCode, legacy.body).toBe(200);
  });

  it('refuse other sizes and other formats with a field message', async () => {
    const { client, id } = await signedUpMember(t.app);
    const square = await put(client, 'skin', await picture(100, 100));
    expect(square.statusCode).toBe(400);
    expect(square.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', fields: { skin: expect.any(String) } });
    const jpeg = await put(client, 'skin', await picture(64, 64, 'jpeg'), 'image/png');
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', fields: { skin: expect.any(String) } });
    expect((await row(id)).skin).toBeNull();
    expect((await client.get(`/api/profiles/${id}`)).json().data.skin_url).toBeNull();
  });
});

describe('replacing and removing', () => {
  it('deletes the old file once the new one is in place', async () => {
    const { client, id } = await signedUpMember(t.app);
    const first = (await put(client, 'avatar', await picture(50, 50))).json().url as string;
    expect(existsSync(fileOf(first))).toBe(true);
    const second = (await put(client, 'avatar', await picture(60, 60))).json().url as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect((await client.get(first)).statusCode).toBe(404);
    expect((await client.get(second)).statusCode).toBe(200);
    expect((await row(id)).avatar).toBe(second);
  });

  it('DELETE clears the column and the file, and the session follows', async () => {
    const { client, id } = await signedUpMember(t.app);
    const url = (await put(client, 'skin', await picture(64, 64, 'png', true))).json().url as string;
    const res = await client.delete('/api/account/skin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await row(id)).skin).toBeNull();
    expect(existsSync(fileOf(url))).toBe(false);
    expect((await client.get(url)).statusCode).toBe(404);

    const avatar = (await put(client, 'avatar', await picture(50, 50))).json().url as string;
    expect((await client.get('/api/user/session')).json().user_info.avatar).toBe(avatar);
    expect((await client.delete('/api/account/avatar')).statusCode).toBe(200);
    expect((await client.get('/api/user/session')).json().user_info.avatar).toBeNull();
    // Removing what is not there is fine.
    expect((await client.delete('/api/account/background')).statusCode).toBe(200);
  });

  it('leaves a picture it did not store alone (an outside address)', async () => {
    const { client, id } = await signedUpMember(t.app);
    await t.database.db.update(users).set({ avatar: 'https://cdn.example.com/a.png' }).where(eq(users.id, id));
    expect((await put(client, 'avatar', await picture(50, 50))).statusCode).toBe(200);
    expect((await row(id)).avatar).toMatch(/^\/api\/media\/avatar\//);
  });
});

describe('access and addresses', () => {
  it('needs a session (401) and the CSRF token (403)', async () => {
    const png = await picture(20, 20);
    const anonymous = new TestClient(t.app);
    expect((await put(anonymous, 'avatar', png)).statusCode).toBe(401);
    expect((await anonymous.delete('/api/account/avatar')).statusCode).toBe(401);
    const { client, id } = await signedUpMember(t.app);
    const noToken = await client.request({
      method: 'PUT',
      url: '/api/account/avatar',
      payload: png,
      headers: { 'content-type': 'image/png' },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error_code).toBe('CSRF_INVALID');
    expect((await client.request({ method: 'DELETE', url: '/api/account/avatar', csrf: false })).statusCode).toBe(403);
    expect((await row(id)).avatar).toBeNull();
  });

  it('answers 404 for unknown keys and for paths that try to leave the media folder', async () => {
    const c = new TestClient(t.app);
    for (const url of [
      '/api/media/avatar/nobody-here.webp',
      '/api/media/../package.json',
      '/api/media/..%2F..%2Fpackage.json',
      '/api/media/avatar/..%2F..%2F..%2Fpackage.json',
      '/api/media/%2Fetc%2Fpasswd',
      '/api/media/',
    ]) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error_code, url).toBe('NOT_FOUND');
    }
  });
});
