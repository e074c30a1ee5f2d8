import type { Plugin } from '@hostdeck/contracts';

/** A plugin as GET /api/admin/plugins lists it (the daily-reward plugin, enabled). */
export function pluginOf(overrides: Partial<Plugin> = {}): Plugin {
  return {
    identifier: 'daily-reward',
    name: 'Daily reward',
    version: '1.0.0',
    description: 'Claim coins once a day, with a streak bonus.',
    author: 'Hostdeck',
    homepage: null,
    source: 'bundled',
    status: 'enabled',
    enabled: true,
    error: null,
    failures: { total: 0, consecutive: 0, last_error: null, last_at: null },
    hooks: [],
    routes: [{ method: 'POST', path: '/claim', access: 'session' }],
    jobs: [],
    permissions: [],
    translations: {},
    has_client: true,
    config_fields: 8,
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}
