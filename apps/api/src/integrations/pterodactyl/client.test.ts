import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PanelError, parseRetryAfter } from '../panel-api/errors.ts';
import { RateBudget } from '../panel-api/rate-budget.ts';
import { PterodactylClient } from './client.ts';

let sim: PterodactylSimulator;
let panel: PterodactylClient;
beforeAll(async () => {
  sim = new PterodactylSimulator({ apiKey: 'ptla_test_key' });
  panel = new PterodactylClient({ baseUrl: await sim.listen(), apiKey: 'ptla_test_key', timeoutMs: 2000 });
});
afterAll(() => sim.close());

const newUser = (n: string) => ({
  external_id: `hd-${n}`,
  username: `player_${n}`,
  email: `player_${n}@example.com`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  password: 'x'.repeat(24),
});

async function newServer(externalId: string, memory = 1024) {
  const user = await panel.createUser(newUser(externalId));
  const [egg] = await panel.listEggs((await panel.listNests())[0]!.id);
  return panel.createServer({
    external_id: externalId,
    name: 'Survival',
    user: user.id,
    egg: egg!.id,
    docker_image: egg!.docker_image,
    startup: egg!.startup,
    environment: Object.fromEntries(egg!.variables.map((v) => [v.env_variable, v.default_value])),
    limits: { memory, swap: 0, disk: 5120, io: 500, cpu: 100 },
    feature_limits: { databases: 1, allocations: 1, backups: 1 },
    deploy: { locations: [], dedicated_ip: false, port_range: [] },
  });
}

describe('Pterodactyl client against the simulator', () => {
  it('reads the catalogue: locations, nodes, nests and eggs with their variables', async () => {
    expect((await panel.listLocations()).map((l) => l.short)).toEqual(['eu', 'us']);
    expect((await panel.listNodes()).every((n) => n.public)).toBe(true);
    const nests = await panel.listNests();
    expect(nests.map((n) => n.name)).toEqual(['Minecraft', 'Rust']);
    const eggs = await panel.listEggs(nests[0]!.id);
    expect(eggs.map((e) => e.name)).toEqual(['Paper', 'Vanilla Minecraft']);
    expect(eggs[0]!.variables.map((v) => v.env_variable)).toEqual(['SERVER_JARFILE', 'BUILD_NUMBER']);
  });

  it('creates users, finds them by external id and by exact email, and maps validation errors', async () => {
    const created = await panel.createUser(newUser('u1'));
    expect((await panel.getUserByExternalId('hd-u1'))?.id).toBe(created.id);
    expect(await panel.getUserByExternalId('nobody')).toBeNull();
    await panel.createUser({
      ...newUser('u2'),
      email: 'aplayer_u1@example.com',
      username: 'other_u2',
      external_id: 'hd-u2',
    });
    expect((await panel.findUserByEmail('player_u1@example.com'))?.id).toBe(created.id);
    const dup = await panel.createUser(newUser('u1')).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(PanelError);
    expect((dup as PanelError).kind).toBe('validation');
    expect((dup as PanelError).fields.map((f) => `${f.field}:${f.rule}`)).toEqual(
      expect.arrayContaining(['email:unique', 'username:unique', 'external_id:unique']),
    );
  });

  it('creates a server by deployment, finds it by external id, changes its build, suspends and deletes it', async () => {
    const server = await newServer('q-1');
    expect(server).toMatchObject({ external_id: 'q-1', status: 'installing', limits: { memory: 1024 } });
    expect((await panel.getServerByExternalId('q-1'))?.id).toBe(server.id);
    sim.finishInstall(server.id);
    expect((await panel.getServer(server.id))?.status).toBeNull();
    const built = await panel.updateBuild(server.id, {
      allocation: server.allocation,
      limits: { memory: 2048, swap: 0, disk: 5120, io: 500, cpu: 150 },
      feature_limits: { databases: 2, allocations: 1, backups: 2 },
    });
    expect(built.limits).toMatchObject({ memory: 2048, cpu: 150 });
    await panel.suspend(server.id);
    expect((await panel.getServer(server.id))?.suspended).toBe(true);
    await panel.unsuspend(server.id);
    await panel.deleteServer(server.id);
    expect(await panel.getServer(server.id)).toBeNull();
    await expect(panel.deleteServer(server.id)).resolves.toBeUndefined();
  });

  it('reports the panel business errors, Wings outages and a wrong key with the right kinds', async () => {
    const tooBig = await newServer('q-huge', 10_000_000).catch((e: unknown) => e);
    expect(tooBig).toMatchObject({ kind: 'business', code: 'NoViableNodeException' });
    sim.failWrites(1);
    const down = await newServer('q-down').catch((e: unknown) => e);
    expect(down).toMatchObject({ kind: 'transient', status: 504, code: 'DaemonConnectionException' });
    expect((down as PanelError).transient).toBe(true);
    const wrongKey = new PterodactylClient({ baseUrl: sim.url, apiKey: 'ptla_wrong' });
    expect(await wrongKey.listLocations().catch((e: unknown) => e)).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('times out a slow panel and reports an unreachable one as transient', async () => {
    const slow = new PterodactylSimulator({ apiKey: 'k', latencyMs: 300 });
    const url = await slow.listen();
    try {
      const client = new PterodactylClient({ baseUrl: url, apiKey: 'k', timeoutMs: 50 });
      expect(await client.listLocations().catch((e: unknown) => e)).toMatchObject({
        kind: 'transient',
        code: 'Timeout',
      });
    } finally {
      await slow.close();
    }
    const gone = new PterodactylClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 1000 });
    expect(await gone.listNests().catch((e: unknown) => e)).toMatchObject({ kind: 'transient', code: 'NetworkError' });
  });

  it('follows pagination across pages', async () => {
    for (let i = 0; i < 105; i++)
      sim.state.users.push({
        ...sim.state.users[0]!,
        id: 10_000 + i,
        external_id: null,
        username: `bulk${i}`,
        email: `bulk${i}@example.com`,
      });
    const all = await panel.findUserByEmail('bulk104@example.com');
    expect(all?.id).toBe(10_104);
  });
});

describe('the shared request budget', () => {
  it('keeps every client of one panel under its per-minute limit: a call beyond it fails as rate-limited before it reaches the panel', async () => {
    const limited = new PterodactylSimulator({ apiKey: 'k', rateLimit: 3 });
    const base = await limited.listen();
    const budget = new RateBudget(3);
    // The budget waits at most the timeout for a slot (the window frees in a minute), so a refusal is immediate.
    const a = new PterodactylClient({ baseUrl: base, apiKey: 'k', timeoutMs: 2000, budget });
    const b = new PterodactylClient({ baseUrl: base, apiKey: 'k', timeoutMs: 2000, budget });
    await Promise.all([a.listLocations(), b.listLocations(), a.listNodes()]);
    const refused = await b.listNests().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PanelError);
    expect(refused).toMatchObject({ kind: 'rate_limited', code: 'RateBudget', transient: true });
    // Refused before it left: the panel counted three requests, so a fourth from outside the budget is its 429.
    const direct = new PterodactylClient({ baseUrl: base, apiKey: 'k', timeoutMs: 2000 });
    expect(await direct.listNests().catch((e: unknown) => e)).toMatchObject({
      status: 429,
      code: 'ThrottleRequestsException',
    });
    await limited.close();
  });
});

describe("the panel's Retry-After", () => {
  it('reads delay-seconds and HTTP-dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('42', now)).toBe(42_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('is kept on the 429 and pauses every call of the shared budget until then, without reaching the panel', async () => {
    const limited = new PterodactylSimulator({ apiKey: 'k', rateLimit: 1 });
    const base = await limited.listen();
    try {
      // Another tool spends the key's bucket (the panel counts per key owner, not per caller).
      await new PterodactylClient({ baseUrl: base, apiKey: 'k' }).listNests();
      const budget = new RateBudget(240);
      const client = new PterodactylClient({ baseUrl: base, apiKey: 'k', timeoutMs: 2000, budget });
      const throttled = await client.listLocations().catch((e: unknown) => e);
      expect(throttled).toMatchObject({ kind: 'rate_limited', status: 429, code: 'ThrottleRequestsException' });
      expect((throttled as PanelError).retryAfterMs).toBeGreaterThan(50_000);
      // Refused here (the panel would have answered ThrottleRequestsException), saying how long is left.
      const paused = await client.listNodes().catch((e: unknown) => e);
      expect(paused).toMatchObject({ kind: 'rate_limited', code: 'RateBudget' });
      expect((paused as PanelError).retryAfterMs).toBeGreaterThan(50_000);
    } finally {
      await limited.close();
    }
  });
});
