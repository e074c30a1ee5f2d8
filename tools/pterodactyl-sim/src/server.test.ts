import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PterodactylSimulator } from './server.ts';
import { type Call, client } from './test-client.ts';

let sim: PterodactylSimulator;
let call: Call;

/** A panel account and a valid deploy-style server body for it (a Rust server in location 2). */
async function ownerAndServer(username: string, over: Record<string, unknown> = {}) {
  const user = (
    await call('POST', '/users', { username, email: `${username}@example.com`, first_name: 'O', last_name: 'W' })
  ).body.attributes;
  const body = {
    name: 'S',
    user: user.id,
    egg: 3,
    docker_image: 'img',
    startup: 'run',
    environment: { HOSTNAME: 'My Rust' },
    limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 50 },
    feature_limits: { databases: 0, backups: 0 },
    deploy: { locations: [2], dedicated_ip: false, port_range: [] },
    ...over,
  };
  return { user, body };
}

beforeAll(async () => {
  sim = new PterodactylSimulator({ rateLimit: 1000 });
  call = client(await sim.listen(), 'ptla_simulator');
});
afterAll(() => sim.close());

describe('the simulator speaks the Application API', () => {
  it('wraps items and paginated lists like Fractal (links is an empty object on one page)', async () => {
    const res = await call('GET', '/locations');
    expect(res.body).toMatchObject({
      object: 'list',
      meta: { pagination: { total: 2, count: 2, per_page: 50, current_page: 1, total_pages: 1, links: {} } },
    });
    expect(res.body.data[0]).toMatchObject({ object: 'location', attributes: { id: 1, short: 'eu' } });
    const eggs = await call('GET', '/nests/1/eggs?include=variables');
    expect(eggs.body).not.toHaveProperty('meta');
    expect(eggs.body.data[0].attributes.relationships.variables.data[0].object).toBe('egg_variable');
  });

  it('answers 401, 404, unknown filters and validation in the panel error format', async () => {
    expect((await call('GET', '/users', undefined, 'wrong')).body).toEqual({
      errors: [{ code: 'AuthenticationException', status: '401', detail: 'Unauthenticated.' }],
    });
    expect((await call('GET', '/users/999')).body.errors[0]).toMatchObject({
      code: 'NotFoundHttpException',
      status: '404',
    });
    expect((await call('GET', '/users?filter[password]=x')).status).toBe(400);
    const res = await call('POST', '/servers', { name: 'x', limits: { memory: 1, swap: 0, disk: 1, cpu: 1 } });
    expect(res.status).toBe(422);
    const fields = res.body.errors.map((e: { meta: { source_field: string } }) => e.meta.source_field);
    expect(fields).toEqual(
      expect.arrayContaining(['user', 'egg', 'limits.io', 'feature_limits.databases', 'allocation.default']),
    );
  });

  it('takes an allocation on create and frees it on delete; refuses deleting a user with servers', async () => {
    const { user, body } = await ownerAndServer('owner');
    const free = () => sim.state.allocations.filter((a) => a.server_id === null).length;
    const before = free();
    const server = await call('POST', '/servers', body);
    expect(server.status).toBe(201);
    expect(free()).toBe(before - 1);
    expect((await call('DELETE', `/users/${user.id}`)).body.errors[0].code).toBe('DisplayException');
    expect((await call('DELETE', `/servers/${server.body.attributes.id}`)).status).toBe(204);
    expect(free()).toBe(before);
  });

  it('plays Pterodactyl unless told otherwise, at 240 requests a minute', async () => {
    expect(sim.flavour).toBe('pterodactyl');
    const panel = new PterodactylSimulator();
    try {
      const res = await client(await panel.listen(), 'ptla_simulator')('GET', '/users');
      expect(res.headers.get('x-ratelimit-limit')).toBe('240');
    } finally {
      await panel.close();
    }
  });

  it('limits requests per minute with 429', async () => {
    const limited = new PterodactylSimulator({ rateLimit: 2 });
    const url = await limited.listen();
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await fetch(`${url}/api/application/nests`, { headers: { authorization: 'Bearer ptla_simulator' } })).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
      // As Laravel's throttle middleware: when to come back, in seconds and as a time.
      const refused = await fetch(`${url}/api/application/nests`, {
        headers: { authorization: 'Bearer ptla_simulator' },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const reset = Number(refused.headers.get('x-ratelimit-reset'));
      expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThanOrEqual(1);
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    } finally {
      await limited.close();
    }
  });

  it('holds a server creation until it commits, invisible until then, and refuses a second create of its external id', async () => {
    const { body } = await ownerAndServer('held', { external_id: 'queue-item-1' });
    const held = sim.holdNextServerCreate();
    const answer = call('POST', '/servers', body);
    await held.arrived;
    expect((await call('GET', '/servers/external/queue-item-1')).status).toBe(404);
    await held.commit();
    expect((await answer).status).toBe(201);
    expect((await call('GET', '/servers/external/queue-item-1')).status).toBe(200);
    const again = await call('POST', '/servers', body);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The external id has already been taken.',
        meta: { source_field: 'external_id', rule: 'unique' },
      },
    ]);
  });

  it('commits a held creation by itself after the delay it was given', async () => {
    const { body } = await ownerAndServer('late');
    sim.holdNextServerCreate(50);
    const created = await call('POST', '/servers', body);
    expect(created.status).toBe(201);
  });
});
