import type { MemberServer, ServerDetail, ServerOptions } from '@hostdeck/contracts';

const DAY = 24 * 3600_000;

export function server(overrides: Partial<MemberServer> = {}): MemberServer {
  return {
    id: 'srv-1',
    name: 'Survival',
    description: 'Friends only',
    location_id: 1,
    egg_id: 10,
    memory: 1024,
    cpu: 50,
    disk: 2048,
    ports: 1,
    databases: 0,
    backups: 0,
    location_name: 'Europe (Frankfurt)',
    egg_name: 'Paper',
    egg_icon: null,
    status: 'active',
    panel_identifier: 'abc123',
    panel_url: null,
    expires_at: new Date(Date.now() + 10 * DAY).toISOString(),
    created_at: new Date(Date.now() - 20 * DAY).toISOString(),
    ...overrides,
  };
}

export function detail(overrides: Partial<Omit<ServerDetail, 'success'>> = {}): ServerDetail {
  const data = overrides.data ?? server();
  return {
    success: true,
    data,
    max: { memory: 4096, cpu: 200, disk: 8192, ports: 3, databases: 2, backups: 2 },
    renewal: {
      enabled: true,
      cost: 100,
      days: 30,
      coins: 250,
      new_expires_at: new Date(new Date(data.expires_at ?? Date.now()).getTime() + 30 * DAY).toISOString(),
    },
    ...overrides,
  };
}

export function options(overrides: Partial<ServerOptions> = {}): ServerOptions {
  return {
    success: true,
    panel: 'pterodactyl',
    enabled: true,
    vip: false,
    free: { memory: 4096, cpu: 200, disk: 8192, ports: 3, databases: 2, backups: 1, servers: 2 },
    locations: [
      {
        id: 1,
        name: 'Europe (Frankfurt)',
        description: 'Low latency in the EU',
        icon: null,
        vip: false,
        slots: 10,
        used: 3,
      },
      { id: 2, name: 'Premium (Paris)', description: null, icon: null, vip: true, slots: null, used: 4 },
      { id: 3, name: 'Asia (Tokyo)', description: null, icon: null, vip: false, slots: 2, used: 2 },
    ],
    categories: [
      { id: 5, name: 'Minecraft', description: 'Java edition', icon: null },
      { id: 6, name: 'Empty', description: null, icon: null },
    ],
    eggs: [
      { id: 10, category_id: 5, name: 'Paper', description: 'Fast and plugin-ready', icon: null, vip: false },
      { id: 11, category_id: 5, name: 'Forge Modpack', description: null, icon: null, vip: true },
    ],
    ...overrides,
  };
}
