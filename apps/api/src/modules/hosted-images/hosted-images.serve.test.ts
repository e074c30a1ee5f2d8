import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { multipart, postForm } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { hostedImages, users } from '../../db/schema/index.ts';
import { securityHeaders } from '../../plugins/security.ts';

let t: TestApp;
let member: { client: TestClient; id: string };
beforeAll(async () => {
  t = await createTestApp();
  member = await signedUpMember(t.app);
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
async function uploaded(client = member.client) {
  const res = await postForm(client, '/api/user/images', {}, [
    { field: 'file', name: 'screen <shot> 1.png', type: 'image/png', bytes: await png() },
  ]);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string; direct_url: string; page_url: string; thumbnail_url: string };
}
const anonymous = () => new TestClient(t.app);

describe('the bytes', () => {
  it('answer with their real type, nosniff, a sandboxing CSP, an ETag, a year of caching and a safe inline name', async () => {
    const image = await uploaded();
    for (const url of [`/i/${image.id}.png`, `/i/${image.id}/raw`]) {
      const res = await anonymous().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers.etag).toBe(`"${image.id}"`);
      expect(res.headers['content-disposition']).toMatch(
        /^inline; filename="screen _shot_ 1\.png"; filename\*=UTF-8''screen%20%3Cshot%3E%201\.png$/,
      );
    }
    const thumb = await anonymous().get(`/i/${image.id}/thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers.etag).toBe(`"${image.id}-t"`);
    expect((await anonymous().get(`/i/${image.id}.jpg`)).statusCode).toBe(404);
  });

  it('answer 304 to a matching If-None-Match, without the body', async () => {
    const image = await uploaded();
    const first = await anonymous().get(`/i/${image.id}.png`);
    const again = await anonymous().get(`/i/${image.id}.png`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const other = await anonymous().get(`/i/${image.id}.png`, { 'if-none-match': '"somethingelse"' });
    expect(other.statusCode).toBe(200);
  });

  it('are not served by /api/media', async () => {
    const image = await uploaded();
    const [row] = await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, image.id));
    expect((await anonymous().get(`/api/media/${row!.storageKey}`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/media/${row!.thumbKey}`)).statusCode).toBe(404);
  });
});

describe('the page', () => {
  it('carries the owner’s embed, filled and escaped, under a strict CSP with a nonce', async () => {
    const me = await signedUpMember(t.app);
    const embed = await me.client.patch('/api/user/images/embed', {
      title: '"><script>alert(1)</script> {filename}',
      description: 'By {username}, {width}×{height}',
      color: '#FF0000',
      site_name: 'My <site>',
    });
    expect(embed.statusCode, embed.body).toBe(200);
    expect(embed.json().data.color).toBe('#ff0000');
    const image = await uploaded(me.client);
    const res = await anonymous().get(`/i/${image.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; screen &lt;shot&gt; 1.png"');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(html).toContain(`<meta property="og:description" content="By ${user!.username}, 64×48">`);
    expect(html).toContain('<meta property="og:site_name" content="My &lt;site&gt;">');
    expect(html).toContain('<meta name="theme-color" content="#ff0000">');
    expect(html).toContain(`<meta property="og:image" content="${image.direct_url}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    // Exactly one script and one style, both carrying the nonce.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).toContain(`data-action="/api/images/${image.id}/report"`);
  });

  it('answers a 404 page for an unknown id, in the visitor’s language, and wins over the SPA fallback', async () => {
    const res = await anonymous().get('/i/AAAAAAAAAAAA', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Bild nicht gefunden');
    expect((await anonymous().get('/i/not-an-id!')).statusCode).toBe(404);
  });

  it('takes its pages, files and reports offline while image hosting is switched off, and back when on', async () => {
    const image = await uploaded();
    await t.app.ctx.settings.update({ images_enabled: false });
    try {
      for (const path of [`/i/${image.id}`, `/i/${image.id}.png`, `/i/${image.id}/raw`, `/i/${image.id}/thumb`])
        expect((await anonymous().get(path)).statusCode, path).toBe(404);
      const report = await anonymous().post(`/api/images/${image.id}/report`, { reason: 'spam' });
      expect(report.statusCode).toBe(403);
      expect(report.json().error_code).toBe('FEATURE_DISABLED');
    } finally {
      await t.app.ctx.settings.update({ images_enabled: null });
    }
    expect((await anonymous().get(`/i/${image.id}.png`)).statusCode).toBe(200);
  });

  it('uses the images origin in every URL when one is set', async () => {
    await t.app.ctx.settings.update({ image_hosting_origin: 'https://img.example.com' });
    try {
      const image = await uploaded();
      expect(image.page_url).toBe(`https://img.example.com/i/${image.id}`);
      expect(image.direct_url).toBe(`https://img.example.com/i/${image.id}.png`);
      expect(image.thumbnail_url).toBe(`https://img.example.com/i/${image.id}/thumb`);
      const page = await anonymous().get(`/i/${image.id}`);
      expect(page.body).toContain(`<meta property="og:url" content="https://img.example.com/i/${image.id}">`);
    } finally {
      await t.app.ctx.settings.update({ image_hosting_origin: null });
    }
  });

  it('refuses an http:// images origin on a panel served over https, at the field, and allows it on http', async () => {
    const admin = await memberWithPermissions(t.app, ['admin.settings.view', 'admin.settings.edit']);
    await t.app.ctx.settings.update({ app_url: 'https://panel.example.com' });
    try {
      const res = await admin.patch('/api/admin/settings', {
        values: { image_hosting_origin: 'http://img.example.com' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_code).toBe('VALIDATION_ERROR');
      expect(res.json().fields.image_hosting_origin).toMatch(/https:\/\/ address/);
      expect(t.app.ctx.settings.string('image_hosting_origin')).toBe('');
      await t.app.ctx.settings.update({ app_url: 'http://panel.lan' });
      const ok = await admin.patch('/api/admin/settings', { values: { image_hosting_origin: 'http://img.lan' } });
      expect(ok.statusCode).toBe(200);
      // ...and the panel's CSP lets such a page show those images: http images only while not on https.
      expect(securityHeaders(false)['content-security-policy']).toMatch(/img-src [^;]*http:/);
      expect(securityHeaders(true)['content-security-policy']).not.toMatch(/img-src [^;]*http:[ ;]/);
    } finally {
      await t.app.ctx.settings.update({ app_url: null, image_hosting_origin: null });
    }
  });
});

describe('ShareX', () => {
  /** The request ShareX builds from the .sxcu: its URL, its Headers, the file under FileFormName; no cookies. */
  async function sharexUpload(sxcu: Record<string, unknown>, bytes: Buffer) {
    const form = await multipart({}, [
      { field: sxcu.FileFormName as string, name: 'ShareX_abc.png', type: 'image/png', bytes },
    ]);
    return t.app.inject({
      method: sxcu.RequestMethod as 'POST',
      url: new URL(sxcu.RequestURL as string).pathname,
      headers: { ...(sxcu.Headers as Record<string, string>), ...form.headers },
      payload: form.payload,
    });
  }
  /** What ShareX reads with a {json:path} of the .sxcu. */
  const read = (template: string, json: Record<string, unknown>) => json[/^\{json:([a-z_]+)\}$/.exec(template)![1]!];

  it('uploads with the generated .sxcu and answers the URL ShareX reads', async () => {
    const me = await signedUpMember(t.app);
    const created = await me.client.post('/api/user/images/key');
    expect(created.statusCode, created.body).toBe(200);
    const { key, sharex } = created.json();
    expect(key).toMatch(/^hdi_[A-Za-z0-9_-]{43}$/);
    expect(sharex).toMatchObject({ Body: 'MultipartFormData', FileFormName: 'file', Headers: { 'x-upload-key': key } });
    expect(sharex.RequestURL).toMatch(/\/api\/images\/sharex$/);
    const res = await sharexUpload(sharex, await png());
    expect(res.statusCode, res.body).toBe(201);
    const json = res.json();
    expect(read(sharex.URL, json)).toBe(json.data.page_url);
    expect(read(sharex.ThumbnailURL, json)).toBe(json.data.thumbnail_url);
    expect(read(sharex.DeletionURL, json)).toMatch(new RegExp(`/images\\?delete=${json.data.id}$`));
    const [row] = await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, json.data.id));
    expect(row!.userId).toBe(me.id);
    // The key is never shown again: the config has its hint only.
    const config = await me.client.get('/api/user/images/config');
    expect(config.body).not.toContain(key);
    expect(config.json().upload_key.hint).toBe(`${key.slice(0, 8)}…`);
    expect(config.json().upload_key.last_used_at).not.toBeNull();
  });

  it('refuses a wrong key, a replaced one, a revoked one and one of a banned member, with a stable code', async () => {
    const me = await signedUpMember(t.app);
    const first = (await me.client.post('/api/user/images/key')).json();
    const wrong = { ...first.sharex, Headers: { 'x-upload-key': `hdi_${'A'.repeat(43)}` } };
    const refused = await sharexUpload(wrong, await png());
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, error_code: 'UPLOAD_KEY_INVALID' });
    expect((await sharexUpload({ ...first.sharex, Headers: {} }, await png())).statusCode).toBe(401);

    const second = (await me.client.post('/api/user/images/key')).json();
    expect((await sharexUpload(first.sharex, await png())).json().error_code).toBe('UPLOAD_KEY_INVALID');
    expect((await sharexUpload(second.sharex, await png())).statusCode).toBe(201);

    await me.client.delete('/api/user/images/key');
    expect((await sharexUpload(second.sharex, await png())).statusCode).toBe(401);

    const third = (await me.client.post('/api/user/images/key')).json();
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, me.id));
    expect((await sharexUpload(third.sharex, await png())).json().error_code).toBe('UPLOAD_KEY_INVALID');
  });

  it('is refused while images_enabled is off', async () => {
    const me = await signedUpMember(t.app);
    const { sharex } = (await me.client.post('/api/user/images/key')).json();
    await t.app.ctx.settings.update({ images_enabled: false });
    try {
      const res = await sharexUpload(sharex, await png());
      expect(res.statusCode).toBe(403);
      expect(res.json().error_code).toBe('FEATURE_DISABLED');
    } finally {
      await t.app.ctx.settings.update({ images_enabled: null });
    }
  });
});

describe('views', () => {
  it('are counted per page view and written in one batch', async () => {
    const image = await uploaded();
    for (let i = 0; i < 3; i++) await anonymous().get(`/i/${image.id}`);
    await anonymous().get(`/i/${image.id}.png`); // the bytes are not a view
    await t.app.close(); // the counter writes what it gathered before the app closes
    const [row] = await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, image.id));
    expect(row!.views).toBe(3);
  });
});
