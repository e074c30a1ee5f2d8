import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestClient } from '../../../test/client.ts';
import { postForm } from '../../../test/tickets.ts';
import { signedUpMember } from '../../../test/users.ts';
import { hostedImages, imageReports, users } from '../../db/schema/index.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.app.ctx.settings.update({ image_hosting_retention_days: null }));

/** A member with one hosted image and one report of it, who then deletes their account. */
async function deletedMemberWithImage() {
  const m = await signedUpMember(t.app);
  const bytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const id = (
    await postForm(m.client, '/api/user/images', {}, [{ field: 'file', name: 'a.png', type: 'image/png', bytes }])
  ).json().data.id as string;
  await new TestClient(t.app).post(`/api/images/${id}/report`, { reason: 'spam' });
  const [row] = await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, id));
  const [user] = await t.database.db.select().from(users).where(eq(users.id, m.id));
  const res = await m.client.post('/api/account/delete', {
    password: 'correct horse battery',
    confirm: user!.username,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.tasks.idle(); // the erase the request started
  const [erased] = await t.database.db.select().from(users).where(eq(users.id, m.id));
  expect(erased!.deletedAt).not.toBeNull();
  return { id, row: row! };
}
const find = async (id: string) => (await t.database.db.select().from(hostedImages).where(eq(hostedImages.id, id)))[0];
const reportsOf = (id: string) => t.database.db.select().from(imageReports).where(eq(imageReports.imageId, id));

describe('images of deleted members', () => {
  it('go with the account when the retention is 0 (files too); reports remain', async () => {
    await t.app.ctx.settings.update({ image_hosting_retention_days: 0 });
    const { id, row } = await deletedMemberWithImage();
    expect(await find(id)).toBeUndefined();
    expect(await t.app.ctx.media.get(row.storageKey)).toBeNull();
    expect(await t.app.ctx.media.get(row.thumbKey)).toBeNull();
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it('stay without an owner for the retention days, then the scheduled job removes them', async () => {
    await t.app.ctx.settings.update({ image_hosting_retention_days: 7 });
    const { id, row } = await deletedMemberWithImage();
    const kept = await find(id);
    expect(kept).toMatchObject({ userId: null });
    expect(kept!.ownerDeletedAt).not.toBeNull();
    expect((await new TestClient(t.app).get(`/i/${id}.png`)).statusCode).toBe(200);

    const worker = t.app.ctx.imageRetention;
    expect(await worker.runOnce(Date.now() + 6 * DAY)).toBe(0);
    expect(await find(id)).toBeDefined();
    expect(await worker.runOnce(Date.now() + 8 * DAY)).toBeGreaterThanOrEqual(1);
    expect(await find(id)).toBeUndefined();
    expect(await t.app.ctx.media.get(row.storageKey)).toBeNull();
    expect((await new TestClient(t.app).get(`/i/${id}`)).statusCode).toBe(404);
    expect(await reportsOf(id)).toHaveLength(1);
  });
});
