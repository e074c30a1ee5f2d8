import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { type FormFile, postForm } from '../../../test/tickets.ts';
import { signedUpMember } from '../../../test/users.ts';
import { coinLedger, hostedImages, users } from '../../db/schema/index.ts';

let t: TestApp;
let member: { client: TestClient; id: string };
beforeAll(async () => {
  t = await createTestApp();
  member = await signedUpMember(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await t.app.ctx.settings.update({
    images_enabled: null,
    image_hosting_formats: null,
    image_hosting_animated: null,
    image_hosting_max_bytes: null,
    image_hosting_quota_count: null,
    image_hosting_quota_bytes: null,
    image_hosting_cost: null,
  });
});

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
const animation = async (format: 'gif' | 'webp') => {
  const frame = (colour: string) =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
};
const upload = (file: Partial<FormFile> & { bytes: FormFile['bytes'] }, client = member.client) =>
  postForm(client, '/api/user/images', {}, [{ field: 'file', name: 'shot.png', type: 'image/png', ...file }]);
const rows = (userId: string) => t.database.db.select().from(hostedImages).where(eq(hostedImages.userId, userId));

describe('what an upload may be', () => {
  it('stores a real picture re-encoded in its own format, with a thumbnail, and serves it', async () => {
    const res = await upload({ name: 'holiday.jpg', type: 'application/octet-stream', bytes: await picture('jpeg') });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data;
    expect(image).toMatchObject({ name: 'holiday', content_type: 'image/jpeg', width: 40, height: 30, views: 0 });
    expect(image.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(image.direct_url).toMatch(new RegExp(`/i/${image.id}\\.jpg$`));
    const raw = await member.client.get(`/i/${image.id}.jpg`);
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.length).toBe(image.size);
    const thumb = await member.client.get(`/i/${image.id}/thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses an HTML file named .png, an SVG with a script and a zip, whatever they claim to be', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60, 1)]);
    for (const bytes of ['<html><script>alert(document.cookie)</script></html>', svg, zip]) {
      const res = await upload({ name: 'cat.png', type: 'image/png', bytes });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error_code).toBe('IMAGE_TYPE_NOT_ALLOWED');
    }
    expect(await rows(member.id).then((r) => r.filter((i) => i.name === 'cat'))).toHaveLength(0);
  });

  it('re-encodes a PNG with HTML appended (a polyglot): the served bytes no longer hold the HTML', async () => {
    const html = '<html><body><script>alert("polyglot")</script></body></html>';
    const polyglot = Buffer.concat([await picture('png'), Buffer.from(html)]);
    const res = await upload({ name: 'poly.png', bytes: polyglot });
    expect(res.statusCode, res.body).toBe(201);
    const served = await member.client.get(`/i/${res.json().data.id}/raw`);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('polyglot'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('strips EXIF GPS (and every other tag) from the served file', async () => {
    const jpeg = await sharp(await picture('jpeg'))
      .withExif({
        IFD0: { Make: 'SecretCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2976/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4080/100',
        },
      })
      .jpeg()
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    // The GPS IFD pointer (tag 0x8825) is in the upload's EXIF.
    expect(sent.exif?.includes(Buffer.from([0x88, 0x25])) || sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await upload({ name: 'gps.jpg', type: 'image/jpeg', bytes: jpeg });
    expect(res.statusCode, res.body).toBe(201);
    const served = (await member.client.get(`/i/${res.json().data.id}/raw`)).rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(served.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('follows the settings: formats, animation, largest file', async () => {
    await t.app.ctx.settings.update({ image_hosting_formats: 'png,webp' });
    const jpeg = await upload({ name: 'a.jpg', bytes: await picture('jpeg') });
    expect(jpeg.statusCode).toBe(415);
    expect(jpeg.json()).toMatchObject({ error_code: 'IMAGE_TYPE_NOT_ALLOWED' });
    expect((await upload({ bytes: await picture('png') })).statusCode).toBe(201);

    // Written as the setting's description writes it, with spaces: kept as "png,gif,webp,jpeg".
    await t.app.ctx.settings.update({ image_hosting_formats: ' png, gif , webp,jpeg' });
    expect(t.app.ctx.settings.string('image_hosting_formats')).toBe('png,gif,webp,jpeg');
    const kept = await upload({ name: 'anim.gif', bytes: await animation('gif') });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data).toMatchObject({ animated: true, content_type: 'image/gif', width: 20, height: 10 });
    const frames = await sharp((await member.client.get(`/i/${kept.json().data.id}/raw`)).rawPayload).metadata();
    expect(frames.pages).toBe(2);
    await t.app.ctx.settings.update({ image_hosting_animated: 'refuse' });
    const refused = await upload({ name: 'anim.webp', bytes: await animation('webp') });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error_code).toBe('IMAGE_ANIMATED_NOT_ALLOWED');

    await t.app.ctx.settings.update({ image_hosting_max_bytes: 10 * 1024 });
    // A valid PNG with 20 KB after it: refused by size while the form is read, before any decoding.
    const big = Buffer.concat([await picture('png'), randomBytes(20 * 1024)]);
    const tooLarge = await upload({ bytes: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error_code).toBe('IMAGE_TOO_LARGE');
  });

  it('validates the formats setting on save', async () => {
    for (const bad of ['png,svg', '', 'png,png'])
      await expect(t.app.ctx.settings.update({ image_hosting_formats: bad })).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      });
  });

  it('answers 403 FEATURE_DISABLED on every member route while images_enabled is off', async () => {
    await t.app.ctx.settings.update({ images_enabled: false });
    const answers = await Promise.all([
      member.client.get('/api/user/images'),
      upload({ bytes: await picture('png') }),
      member.client.get('/api/user/images/config'),
      member.client.patch('/api/user/images/embed', { title: 'x' }),
      member.client.post('/api/user/images/key'),
      member.client.delete('/api/user/images/key'),
      member.client.delete('/api/user/images/AAAAAAAAAAAA'),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error_code).toBe('FEATURE_DISABLED');
    }
  });
});

describe('gallery and delete', () => {
  it('pages my images newest first with a cursor, and never shows another member’s', async () => {
    const me = await signedUpMember(t.app);
    const other = await signedUpMember(t.app);
    await upload({ bytes: await picture('png') }, other.client);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await upload({ bytes: await picture('png') }, me.client)).json().data.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await me.client.get(`/api/user/images?per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().data.map((i: { id: string }) => i.id));
      cursor = page.json().next_cursor;
      expect(page.json().usage).toMatchObject({ count: 5, quota_count: 0 });
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('deletes my image with both files; someone else’s id is a 404', async () => {
    const me = await signedUpMember(t.app);
    const other = await signedUpMember(t.app);
    const id = (await upload({ bytes: await picture('png') }, me.client)).json().data.id;
    const [row] = await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, id));
    expect((await other.client.delete(`/api/user/images/${id}`)).statusCode).toBe(404);
    expect((await me.client.delete(`/api/user/images/${id}`)).statusCode).toBe(200);
    expect(await t.app.ctx.media.get(row!.storageKey)).toBeNull();
    expect(await t.app.ctx.media.get(row!.thumbKey)).toBeNull();
    expect((await me.client.get(`/i/${id}`)).statusCode).toBe(404);
    expect((await me.client.get(`/i/${id}.png`)).statusCode).toBe(404);
  });
});

describe('quota and coins', () => {
  it('holds the count quota under 20 parallel uploads', async () => {
    const me = await signedUpMember(t.app);
    await t.app.ctx.settings.update({ image_hosting_quota_count: 5 });
    const png = await picture('png');
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload({ bytes: png }, me.client)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error_code === 'IMAGE_QUOTA_EXCEEDED'),
    ).toBe(true);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await rows(me.id)).toHaveLength(5);
  });

  it('holds the bytes quota under 20 parallel uploads', async () => {
    const me = await signedUpMember(t.app);
    const png = await picture('png');
    const size = (await upload({ bytes: png }, me.client)).json().data.size as number;
    await t.app.ctx.settings.update({ image_hosting_quota_bytes: size * 4 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload({ bytes: png }, me.client)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const stored = await rows(me.id);
    expect(stored.reduce((s, r) => s + r.size, 0)).toBeLessThanOrEqual(size * 4);
  });

  it('charges the cost once per upload through the ledger, and refuses without the coins', async () => {
    const me = await signedUpMember(t.app, 25);
    await t.app.ctx.settings.update({ image_hosting_cost: 10 });
    const png = await picture('png');
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload({ bytes: png }, me.client)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error_code)).toEqual([
      'INSUFFICIENT_COINS',
      'INSUFFICIENT_COINS',
    ]);
    const lines = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, me.id));
    const charges = lines.filter((l) => l.kind === 'image_upload');
    expect(charges.map((l) => l.amount)).toEqual([-10, -10]);
    const [user] = await t.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, me.id));
    expect(user!.coins).toBe(5);
    expect(new Set(charges.map((c) => c.reference))).toEqual(
      new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.id)),
    );
  });

  it('refunds the cost and keeps no row when the file cannot be stored', async () => {
    const me = await signedUpMember(t.app, 50);
    await t.app.ctx.settings.update({ image_hosting_cost: 10 });
    vi.spyOn(t.app.ctx.media, 'put').mockRejectedValue(new Error('disk full'));
    const res = await upload({ bytes: await picture('png') }, me.client);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('The image could not be stored; its cost was given back. Try again later');
    expect(await rows(me.id)).toHaveLength(0);
    const lines = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, me.id));
    expect(lines.filter((l) => l.kind !== 'admin_adjustment').map((l) => [l.kind, l.amount])).toEqual(
      expect.arrayContaining([
        ['image_upload', -10],
        ['refund', 10],
      ]),
    );
    expect(lines.filter((l) => l.kind === 'image_upload')).toHaveLength(1);
    const [user] = await t.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, me.id));
    expect(user!.coins).toBe(50);
  });
});
