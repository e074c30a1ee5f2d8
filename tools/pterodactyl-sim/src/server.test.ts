import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PterodactylSimulator } from './server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the simulator sent
type Json = any;

let sim: PterodactylSimulator;
let base: string;
const call = async (method: string, path: string, body?: unknown, key = 'ptla_simulator') => {
  const res = await fetch(`${base}/api/application${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Json };
};

beforeAll(async () => {
  sim = new PterodactylSimulator({ rateLimit: 1000 });
  base = await sim.listen();
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
    const user = (
      await call('POST', '/users', { username: 'owner', email: 'owner@example.com', first_name: 'O', last_name: 'W' })
    ).body.attributes;
    const free = () => sim.state.allocations.filter((a) => a.server_id === null).length;
    const before = free();
    const server = await call('POST', '/servers', {
      name: 'S',
      user: user.id,
      egg: 3,
      docker_image: 'img',
      startup: 'run',
      environment: { HOSTNAME: 'My Rust' },
      limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 50 },
      feature_limits: { databases: 0, backups: 0 },
      deploy: { locations: [2], dedicated_ip: false, port_range: [] },
    });
    expect(server.status).toBe(201);
    expect(free()).toBe(before - 1);
    expect((await call('DELETE', `/users/${user.id}`)).body.errors[0].code).toBe('DisplayException');
    expect((await call('DELETE', `/servers/${server.body.attributes.id}`)).status).toBe(204);
    expect(free()).toBe(before);
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
    } finally {
      await limited.close();
    }
  });
});
