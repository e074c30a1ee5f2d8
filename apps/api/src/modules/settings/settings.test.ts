import { settingsCatalogue } from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { auditLog, settings } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin settings', () => {
  it('lists every catalogue key; secrets are write-only', async () => {
    await t.app.ctx.settings.update({ smtp_password: 'p4ssw0rd-secret' });
    const admin = await memberWithPermissions(t.app, ['admin.settings.view']);
    const res = await admin.get('/api/admin/settings');
    expect(res.statusCode).toBe(200);
    const list = res.json().settings as { key: string; value: unknown; is_set: boolean }[];
    expect(list.map((s) => s.key).sort()).toEqual(settingsCatalogue.map((d) => d.key).sort());
    const secret = list.find((s) => s.key === 'smtp_password');
    expect(secret).toMatchObject({ value: null, is_set: true });
    expect(res.body).not.toContain('p4ssw0rd-secret');
  });

  it('takes script for every page only from an administrator holding admin.root (it runs in staff browsers too)', async () => {
    const editor = await memberWithPermissions(t.app, ['admin.settings.view', 'admin.settings.edit']);
    const script = 'fetch("/api/admin/roles")';
    const refused = await editor.patch('/api/admin/settings', { values: { app_name: 'Mine', custom_js: script } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error_code: 'FORBIDDEN',
      fields: { custom_js: 'Only an administrator holding admin.root can change this setting' },
    });
    expect(t.app.ctx.settings.string('custom_js')).toBe('');
    expect(t.app.ctx.settings.string('app_name')).toBe('Hostdeck');
    expect((await editor.patch('/api/admin/settings', { values: { custom_css: 'body{color:red}' } })).statusCode).toBe(
      200,
    );
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    expect((await root.patch('/api/admin/settings', { values: { custom_js: script } })).statusCode).toBe(200);
    expect(t.app.ctx.settings.string('custom_js')).toBe(script);
    await t.app.ctx.settings.update({ custom_js: null, custom_css: null });
  });

  it('needs admin.settings.edit to change, and applies all or nothing', async () => {
    const viewer = await memberWithPermissions(t.app, ['admin.settings.view']);
    expect((await viewer.patch('/api/admin/settings', { values: { app_name: 'X' } })).statusCode).toBe(403);

    const editor = await memberWithPermissions(t.app, ['admin.settings.edit']);
    const bad = await editor.patch('/api/admin/settings', {
      values: { app_name: 'Valid', default_ram: -5, app_lang: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.json().fields).sort()).toEqual(['app_lang', 'default_ram']);
    expect(t.app.ctx.settings.string('app_name')).toBe('Hostdeck');

    const unknown = await editor.patch('/api/admin/settings', { values: { no_such_key: 1 } });
    expect(unknown.json()).toMatchObject({ error_code: 'SETTING_UNKNOWN', fields: { no_such_key: 'Unknown setting' } });

    const ok = await editor.patch('/api/admin/settings', {
      values: { app_name: 'Creeper Hosting', default_ram: 2048, allow_tickets: false },
    });
    expect(ok.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/system/settings' })).json().settings;
    expect(pub).toMatchObject({ app_name: 'Creeper Hosting', default_ram: 2048, allow_tickets: false });

    const member = new TestClient(t.app);
    await member.post('/api/user/auth/register', newMember());
    expect((await member.get('/api/user/session')).json().user_info.memory_limit).toBe(2048);

    await editor.patch('/api/admin/settings', { values: { app_name: null, default_ram: null, allow_tickets: null } });
    expect(t.app.ctx.settings.string('app_name')).toBe('Hostdeck');
  });

  it('keeps text that looks like a number as text across a reload', async () => {
    await t.app.ctx.settings.update({ app_name: '2048', company_zip: '0123', l4r_linkvertise_user_id: '424242' });
    await t.app.ctx.settings.reload();
    expect(t.app.ctx.settings.get('app_name')).toBe('2048');
    expect(t.app.ctx.settings.get('l4r_linkvertise_user_id')).toBe('424242');
    expect(t.app.ctx.settings.isSet('app_name')).toBe(true);
    await t.app.ctx.settings.update({ app_name: null, company_zip: null, l4r_linkvertise_user_id: null });
  });

  it('admin.root grants settings access; a member gets 403 and a visitor 401', async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    expect((await root.get('/api/admin/settings')).statusCode).toBe(200);
    const member = new TestClient(t.app);
    await member.post('/api/user/auth/register', newMember());
    expect((await member.get('/api/admin/settings')).json().error_code).toBe('FORBIDDEN');
    expect((await new TestClient(t.app).get('/api/admin/settings')).statusCode).toBe(401);
  });
});

describe('secrets in the audit log', () => {
  it("never holds a secret setting's value, nor serves one", async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const secret = 'hunter2-bot-token';
    const res = await root.patch('/api/admin/settings', { values: { discord_bot_token: secret, app_name: 'Audited' } });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await root.get('/api/admin/audit?target_type=settings&per_page=100');
    expect(audit.body).not.toContain(secret);
    const entry = audit
      .json()
      .data.find((e: { after: Record<string, unknown> | null }) => e.after?.app_name === 'Audited');
    expect(entry.after.discord_bot_token).toBe('••••');
    const [stored] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(JSON.stringify(stored)).not.toContain(secret);
  });
});

describe('secret settings at rest', () => {
  it('are sealed with the app key in the database, read back in clear, and sealed at start when older', async () => {
    await t.app.ctx.settings.update({ smtp_password: 'at-rest-s3cret', stripe_secret_key: 'sk_test_rest' });
    const stored = async (key: string) =>
      (
        await t.database.db
          .select({ v: sql<string>`${settings.value}::text` })
          .from(settings)
          .where(eq(settings.key, key))
      )[0]!.v;
    expect(await stored('smtp_password')).not.toContain('at-rest-s3cret');
    expect(JSON.parse(await stored('smtp_password'))).toHaveProperty('sealed');
    expect(t.app.ctx.settings.string('smtp_password')).toBe('at-rest-s3cret');
    expect(t.app.ctx.settings.string('stripe_secret_key')).toBe('sk_test_rest');
    // A value written before sealing existed (plain) still reads, and is sealed at the next start.
    await t.database.db.update(settings).set({ value: 'older-plain' }).where(eq(settings.key, 'smtp_password'));
    await t.app.ctx.settings.reload();
    expect(t.app.ctx.settings.string('smtp_password')).toBe('older-plain');
    expect(await t.app.ctx.settings.sealStoredSecrets()).toBe(1);
    expect(await stored('smtp_password')).not.toContain('older-plain');
    await t.app.ctx.settings.reload();
    expect(t.app.ctx.settings.string('smtp_password')).toBe('older-plain');
    // Not a secret: stored as it is.
    await t.app.ctx.settings.update({ app_name: 'Plain name' });
    expect(await stored('app_name')).toBe('"Plain name"');
    await t.app.ctx.settings.update({ smtp_password: null, stripe_secret_key: null, app_name: null });
  });
});

describe('values the panel cannot use', () => {
  it('refuses them with the field named and changes nothing', async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const refused: [Record<string, unknown>, string][] = [
      [{ coins_sharing_min: 500, coins_sharing_max: 10 }, 'coins_sharing_min'],
      [{ credits_max_cents: 60 }, 'credits_max_cents'], // below the stored minimum (100)
      [{ session_idle_minutes: 10_080, session_absolute_hours: 1 }, 'session_idle_minutes'],
      [{ currency: 'eu' }, 'currency'],
      [{ currency: 'ZZZ' }, 'currency'],
      [{ currency: '' }, 'currency'],
      [{ app_timezone: 'Not/AZone' }, 'app_timezone'],
      [{ smtp_from: 'not an address' }, 'smtp_from'],
      [{ app_name: '   ' }, 'app_name'],
    ];
    for (const [values, field] of refused) {
      const res = await root.patch('/api/admin/settings', { values });
      expect([res.statusCode, res.json().error_code], JSON.stringify(values)).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.json().fields, JSON.stringify(values)).toHaveProperty(field);
    }
    expect(t.app.ctx.settings.number('coins_sharing_min')).toBe(10);
    expect(t.app.ctx.settings.string('currency')).toBe('EUR');

    const ok = await root.patch('/api/admin/settings', {
      values: {
        currency: 'USD',
        app_timezone: 'Europe/Bucharest',
        smtp_from: 'Shop <shop@example.com>',
        coins_sharing_min: 20,
        coins_sharing_max: 20,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(t.app.ctx.settings.string('currency')).toBe('USD');
    await root.patch('/api/admin/settings', {
      values: { currency: null, app_timezone: null, smtp_from: null, coins_sharing_min: null, coins_sharing_max: null },
    });
  });
});
