import type { PluginRoute, PluginServerUsage } from '@hostdeck/plugin-sdk';
import { createTestContext } from '@hostdeck/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import plugin, { refreshSeconds, stateOf, toServerStatus } from '../server.js';

const MIB = 1024 * 1024;
const member = { id: 'u1', username: 'steve', role: 0, permissions: [] };

const running: PluginServerUsage = {
  id: 's1',
  name: 'Survival',
  status: 'active',
  panel_state: 'active',
  limits: { memory: 2048, disk: 10240, cpu: 200 },
  usage: { state: 'running', memory_bytes: 512 * MIB, disk_bytes: 9216 * MIB, cpu_percent: 50 },
};
const unreachable: PluginServerUsage = {
  id: 's2',
  name: 'Creative',
  status: 'active',
  panel_state: null,
  limits: { memory: 1024, disk: 0, cpu: 0 },
  usage: null,
};

const route = plugin.routes?.[0] as PluginRoute<{ refresh_seconds?: number }>;

describe('server-status', () => {
  it('declares one session route, GET /servers', () => {
    expect(plugin.routes?.map((r) => [r.method, r.path, r.access])).toEqual([['GET', '/servers', 'session']]);
  });

  it("answers the member's servers as meters: bytes against MiB limits, CPU against its limit", async () => {
    const asked: string[] = [];
    const { ctx } = createTestContext({ config: { refresh_seconds: 45 }, member, servers: [running, unreachable] });
    const ofMember = ctx.servers.ofMember;
    ctx.servers.ofMember = (id) => {
      asked.push(id);
      return ofMember(id);
    };
    expect(await route.handler(ctx)).toEqual({
      refresh_seconds: 45,
      servers: [
        {
          id: 's1',
          name: 'Survival',
          status: 'active',
          state: 'running',
          live: true,
          memory: { used: 512 * MIB, limit: 2048 * MIB, percent: 25 },
          disk: { used: 9216 * MIB, limit: 10240 * MIB, percent: 90 },
          cpu: { used: 50, limit: 200, percent: 25 },
        },
        {
          id: 's2',
          name: 'Creative',
          status: 'active',
          state: 'active',
          live: false,
          memory: { used: null, limit: 1024 * MIB, percent: null },
          disk: { used: null, limit: null, percent: null },
          cpu: { used: null, limit: null, percent: null },
        },
      ],
    });
    expect(asked).toEqual(['u1']);
  });

  it('treats a zero limit as unlimited (no percentage) and keeps overuse visible', () => {
    const s = toServerStatus({
      ...running,
      limits: { memory: 0, disk: 100, cpu: 100 },
      usage: { state: 'running', memory_bytes: 5, disk_bytes: 150 * MIB, cpu_percent: 133.33 },
    });
    expect(s.memory).toEqual({ used: 5, limit: null, percent: null });
    expect(s.disk.percent).toBe(150);
    expect(s.cpu.percent).toBe(133.3);
  });

  it('shows the best state known: live, else the hosting panel, else Hostdeck; suspended wins', () => {
    expect(stateOf(running)).toBe('running');
    expect(stateOf({ ...running, usage: null, panel_state: 'installing' })).toBe('installing');
    expect(stateOf({ ...running, usage: null, panel_state: null, status: 'queued' })).toBe('queued');
    expect(stateOf({ ...running, status: 'suspended' })).toBe('suspended');
  });

  it('keeps the refresh interval within 10 s to an hour, 30 s by default', () => {
    expect([undefined, 5, 10, 30.4, 99_999, Number.NaN].map((v) => refreshSeconds({ refresh_seconds: v }))).toEqual([
      30, 10, 10, 30, 3600, 30,
    ]);
  });
});
