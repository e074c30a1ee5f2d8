import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { type FormFile, postForm } from '../../../test/tickets.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { announcements, auditLog, j4rServers, libraryImages, locations } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root']);
});
afterAll(() => t.close());

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
/** Two frames of 20×10, one red, one blue. */
const animation = async (format: 'gif' | 'webp') => {
  const frame = (colour: string) =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
};

const upload = (file: FormFile, fields: Record<string, string> = {}, client = admin) =>
  postForm(client, '/api/admin/images', fields, [{ field: 'file', ...file }]);
const libraryFiles = () => {
  const dir = join(t.app.ctx.config.dataDir, 'media', 'library');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const rowCount = async () => (await t.database.db.select().from(libraryImages)).length;

describe('uploads', () => {
  it('re-encode a real PNG, JPEG, GIF and WebP in its own format, served with its type and immutable caching', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const res = await upload({
        name: `logo.${format}`,
        type: 'application/octet-stream',
        bytes: await picture(format),
      });
      expect(res.statusCode, res.body).toBe(201);
      const image = res.json().data;
      expect(image).toMatchObject({ name: 'logo', alt: '', content_type: type, width: 40, height: 30, usage_count: 0 });
      expect(image.url).toMatch(/^\/api\/media\/library\/[A-Za-z0-9_-]{24}\.(png|jpg|gif|webp)$/);
      const file = await new TestClient(t.app).get(image.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.length).toBe(image.size);
      expect((await sharp(file.rawPayload).metadata()).format).toBe(format);
    }
  });

  it('strip the metadata and turn a JPEG upright by its EXIF orientation', async () => {
    const jpeg = await sharp(await picture('jpeg', 60, 20))
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .jpeg()
      .toBuffer();
    const res = await upload({ name: 'photo.jpg', type: 'image/jpeg', bytes: jpeg }, { name: 'Photo', alt: 'A photo' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Photo', alt: 'A photo', width: 20, height: 60 });
    const stored = (await admin.get(res.json().data.url)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.exif, meta.orientation]).toEqual([undefined, undefined]);
    expect(stored.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('keep the frames of an animated GIF and WebP', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const res = await upload({ name: `anim.${format}`, type: `image/${format}`, bytes: await animation(format) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ width: 20, height: 10 });
      const meta = await sharp((await admin.get(res.json().data.url)).rawPayload).metadata();
      expect([meta.format, meta.pages]).toEqual([format, 2]);
    }
  });

  it('refuse SVG, HTML named .png, TIFF and broken files with 415, writing nothing', async () => {
    const files = libraryFiles().length;
    const rows = await rowCount();
    const refused: FormFile[] = [
      { name: 'x.svg', type: 'image/svg+xml', bytes: '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>' },
      { name: 'x.png', type: 'image/png', bytes: '<html><script>alert(1)</script></html>' },
      { name: 'x.tif', type: 'image/tiff', bytes: await picture('tiff') },
      { name: 'x.jpg', type: 'image/jpeg', bytes: (await picture('jpeg', 200, 200)).subarray(0, 200) },
    ];
    for (const file of refused) {
      const res = await upload(file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json()).toMatchObject({ success: false, error_code: 'IMAGE_TYPE_NOT_ALLOWED' });
    }
    expect(libraryFiles()).toHaveLength(files);
    expect(await rowCount()).toBe(rows);
  });

  it('refuse a file over images_max_bytes and a decompression bomb with 413, writing nothing', async () => {
    const files = libraryFiles().length;
    const rows = await rowCount();
    await t.app.ctx.settings.update({ images_max_bytes: 20_000 });
    const big = await upload({ name: 'big.png', type: 'image/png', bytes: Buffer.alloc(20_001, 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_code).toBe('IMAGE_TOO_LARGE');
    await t.app.ctx.settings.update({ images_max_bytes: 5 * 1024 * 1024 });
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload({ name: 'bomb.png', type: 'image/png', bytes: bomb });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(libraryFiles()).toHaveLength(files);
    expect(await rowCount()).toBe(rows);
  });

  it('remove the written file again when the row cannot be stored', async () => {
    const files = libraryFiles().length;
    const rows = await rowCount();
    const failing = vi.spyOn(t.app.ctx.db, 'transaction').mockRejectedValueOnce(new Error('database gone'));
    const res = await upload({ name: 'lost.png', type: 'image/png', bytes: await picture('png') });
    failing.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(libraryFiles()).toHaveLength(files);
    expect(await rowCount()).toBe(rows);
  });

  it('refuse a missing file, a JSON body and a member without admin.images.create', async () => {
    const none = await postForm(admin, '/api/admin/images', { name: 'No file' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('file');
    expect((await admin.post('/api/admin/images', { name: 'json' })).statusCode).toBe(415);
    const viewer = await memberWithPermissions(t.app, ['admin.images.list']);
    expect(
      (await upload({ name: 'a.png', type: 'image/png', bytes: await picture('png') }, {}, viewer)).statusCode,
    ).toBe(403);
  });
});

describe('library records', () => {
  it('list with size, dimensions and usage; rename with the loaded version', async () => {
    const image = (await upload({ name: 'Banner.png', type: 'image/png', bytes: await picture('png') })).json().data;
    const list = (await admin.get('/api/admin/images?search=banner&sort=-created_at')).json();
    expect(list.data[0]).toMatchObject({ id: image.id, name: 'Banner', size: image.size, width: 40 });
    const renamed = await admin.request({
      method: 'PATCH',
      url: `/api/admin/images/${image.id}`,
      payload: { name: 'Hero', alt: 'Our hero', updated_at: image.updated_at },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Hero', alt: 'Our hero', url: image.url });
  });
});

describe('usage and delete', () => {
  /** An image shown by a location, an egg category, an egg, an announcement and a J4R server. */
  async function usedImage() {
    const image = (await upload({ name: 'icon.png', type: 'image/png', bytes: await picture('png') })).json().data;
    const address = `https://panel.example.com${image.url}`;
    const location = (await admin.post('/api/admin/locations', { name: 'Frankfurt', icon: address })).json().data;
    const category = (await admin.post('/api/admin/egg-categories', { name: 'Games', icon: address })).json().data;
    const egg = (await admin.post('/api/admin/eggs', { name: 'Paper', category_id: category.id, icon: address })).json()
      .data;
    const news = (
      await admin.post('/api/admin/announcements', { title: 'News', body: 'Hello', tags: [], cover_image: address })
    ).json().data;
    const guild = (
      await admin.post('/api/admin/j4r-servers', {
        name: 'Guild',
        guild_id: `4${String(Math.floor(Math.random() * 1e17)).padStart(17, '0')}`,
        invite_code: 'guild',
        coins: 5,
        icon_url: address,
      })
    ).json().data;
    return {
      image,
      ids: { location: location.id, category: category.id, egg: egg.id, news: news.id, guild: guild.id },
    };
  }

  it('list every record that shows the image, and refuse the delete without confirmation', async () => {
    const { image, ids } = await usedImage();
    const usage = await admin.get(`/api/admin/images/${image.id}/usage`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().data).toEqual([
      { type: 'location', id: ids.location, name: 'Frankfurt' },
      { type: 'egg_category', id: ids.category, name: 'Games' },
      { type: 'egg', id: ids.egg, name: 'Paper' },
      { type: 'announcement', id: ids.news, name: 'News' },
      { type: 'j4r_server', id: ids.guild, name: 'Guild' },
    ]);
    expect((await admin.get(`/api/admin/images/${image.id}`)).json().data.usage_count).toBe(5);

    const refused = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, error_code: 'IMAGE_IN_USE' });
    expect(refused.json().usage).toHaveLength(5);
    expect((await admin.get(image.url)).statusCode).toBe(200);
    const [location] = await t.database.db.select().from(locations).where(eq(locations.id, ids.location));
    expect(location!.icon).toContain(image.url);
  });

  it('with confirmation, clear the references, delete the row and the file, and audit it', async () => {
    const { image, ids } = await usedImage();
    const res = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?confirm=true` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await admin.get(`/api/admin/images/${image.id}`)).statusCode).toBe(404);
    expect((await admin.get(image.url)).statusCode).toBe(404);
    const db = t.database.db;
    expect((await db.select().from(locations).where(eq(locations.id, ids.location)))[0]!.icon).toBeNull();
    expect((await db.select().from(announcements).where(eq(announcements.id, ids.news)))[0]!.coverImage).toBeNull();
    expect((await db.select().from(j4rServers).where(eq(j4rServers.id, ids.guild)))[0]!.iconUrl).toBeNull();
    expect((await admin.get(`/api/admin/eggs/${ids.egg}`)).json().data.icon).toBeNull();
    expect((await admin.get(`/api/admin/egg-categories/${ids.category}`)).json().data.icon).toBeNull();
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(image.id)));
    const audit = audits.find((a) => a.action === 'library_image.delete');
    expect(audit).toMatchObject({ targetType: 'library_image', after: { cleared: expect.any(Array) } });
  });

  it('delete an unused image at once; a missing one is a 404', async () => {
    const image = (await upload({ name: 'free.png', type: 'image/png', bytes: await picture('png') })).json().data;
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}` })).statusCode).toBe(404);
    expect((await admin.get('/api/admin/images/999999/usage')).statusCode).toBe(404);
  });
});
