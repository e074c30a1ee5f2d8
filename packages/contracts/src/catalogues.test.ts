import { describe, expect, it } from 'vitest';
import { errorCodes, errorStatus } from './errors.ts';
import { hasPermission, isAdminRole, permissionCatalogue, permissionValues } from './permissions.ts';
import { builtinRoles } from './roles.ts';
import { featureFlags, settingDefaults, settingsByKey, settingsCatalogue, settingValueSchema } from './settings.ts';

describe('permission catalogue', () => {
  it('holds every permission string of the specification, once, with constant, value, category and description', () => {
    const expected = [
      'admin.root',
      'admin.dashboard.view',
      'admin.health.view',
      'admin.users.edit',
      'admin.users.delete',
      'admin.users.list',
      'admin.servers.edit',
      'admin.servers.delete',
      'admin.servers.list',
      ...[
        'j4r.servers',
        'locations',
        'nests',
        'egg',
        'departments',
        'roles',
        'permissions',
        'announcements',
        'images',
        'mail.templates',
        'redirect.links',
        'redeem.codes',
      ].flatMap((p) => ['create', 'edit', 'delete', 'list'].map((v) => `admin.${p}.${v}`)),
      'admin.plugins.edit',
      'admin.plugins.list',
      'admin.backups.create',
      'admin.backups.delete',
      'admin.backups.list',
      'admin.server.queue.create',
      'admin.server.queue.delete',
      'admin.server.queue.list',
      'admin.server.queue.view',
      'admin.server.queue.logs.view',
      'admin.tickets.list',
      'admin.tickets.view',
      'admin.settings.view',
      'admin.settings.edit',
      'admin.mythicalcloud.view',
      'admin.mythicalcloud.download',
      'admin.mythicalcloud.upload',
      'admin.image.reports.view',
      'admin.image.reports.list',
      'admin.image.reports.edit',
      'admin.image.reports.delete',
      'user.permission.vip',
      'user.permission.adblocker',
      'user.permission.alt',
      'user.permission.vpn',
      // project-specific: integration keys and one-time sign-in links
      'admin.apikeys.create',
      'admin.apikeys.delete',
      'admin.apikeys.list',
      'admin.users.signin_links',
      ...[
        'system.overview',
        'system.updates',
        'system.logs',
        'ataglanceanalytics.view',
        'support.view',
        'premiumedition.view',
        'githubrepo.view',
        'quickactions.view',
        'activity.view',
      ].map((c) => `admin.dashboard.components.${c}`),
    ];
    expect([...permissionValues].sort()).toEqual([...expected].sort());
    expect(new Set(permissionValues).size).toBe(permissionValues.length);
    for (const e of permissionCatalogue) {
      expect(e.constant).toMatch(/^[A-Z0-9_]+$/);
      expect(e.category.length).toBeGreaterThan(0);
      expect(e.description.length).toBeGreaterThan(5);
    }
  });

  it('admin.root grants everything; roles 2–8 are admin', () => {
    expect(hasPermission(['admin.root'], 'admin.users.delete')).toBe(true);
    expect(hasPermission(['admin.users.list'], 'admin.users.delete')).toBe(false);
    expect([1, 2, 8, 9, '5', 'x'].map(isAdminRole)).toEqual([false, true, true, false, true, false]);
  });

  it('seeds roles 1–8 with catalogue permissions; 7 and 8 hold admin.root', () => {
    expect(builtinRoles.map((r) => r.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const r of builtinRoles) for (const p of r.permissions) expect(permissionValues).toContain(p);
    expect(builtinRoles.filter((r) => r.permissions.includes('admin.root')).map((r) => r.level)).toEqual([7, 8]);
    expect(builtinRoles.find((r) => r.level === 2)?.permissions).toContain('admin.tickets.view');
  });
});

describe('settings catalogue', () => {
  it('has every setting the specification names, and every feature flag as a public boolean', () => {
    const spec =
      'app_name app_lang app_timezone app_url currency currency_symbol company_name company_address company_city company_state company_country company_zip company_vat default_cpu default_ram default_disk default_ports default_databases default_backups default_server_slots server_renew_days server_renew_cost'.split(
        ' ',
      );
    for (const key of spec) expect(settingsByKey.get(key)?.visibility, key).toBe('public');
    expect(featureFlags).toHaveLength(13);
    for (const f of featureFlags) expect(settingsByKey.get(f)).toMatchObject({ type: 'boolean', visibility: 'public' });
    expect(new Set(settingsCatalogue.map((d) => d.key)).size).toBe(settingsCatalogue.length);
  });

  it('keeps secrets secret and defaults valid', () => {
    for (const key of ['smtp_password', 'license_key']) expect(settingsByKey.get(key)?.visibility).toBe('secret');
    const defaults = settingDefaults();
    for (const d of settingsCatalogue)
      expect(settingValueSchema(d).safeParse(defaults[d.key]).success, d.key).toBe(true);
  });

  it('validates values by type and range', () => {
    const ram = settingsByKey.get('default_ram')!;
    expect(settingValueSchema(ram).safeParse(-1).success).toBe(false);
    expect(settingValueSchema(ram).safeParse(1.5).success).toBe(false);
    const url = settingsByKey.get('app_url')!;
    expect(settingValueSchema(url).safeParse('javascript:alert(1)').success).toBe(false);
    expect(settingValueSchema(url).safeParse('https://panel.example.com').success).toBe(true);
    expect(settingValueSchema(settingsByKey.get('app_lang')!).safeParse('md').success).toBe(true);
  });
});

describe('error codes', () => {
  it('map to HTTP statuses, with the specification spelling of TW0_FA_BLOCKED', () => {
    expect(errorCodes).toContain('TW0_FA_BLOCKED');
    for (const c of errorCodes) expect(errorStatus[c]).toBeGreaterThanOrEqual(400);
  });
});

describe('resource contracts', () => {
  it('update schemas never fill in defaults (a partial update changes only what it sends)', async () => {
    const { eggCategoriesResource, eggsResource, locationsResource, rolesResource, usersResource } = await import(
      './index.ts'
    );
    for (const r of [locationsResource, eggCategoriesResource, eggsResource, rolesResource, usersResource]) {
      const parsed = r.update?.parse({ updated_at: '2026-01-01T00:00:00.000Z' });
      expect(Object.keys(parsed as object), r.name).toEqual(['updated_at']);
    }
  });
});
