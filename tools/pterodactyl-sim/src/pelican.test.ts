import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PterodactylSimulator } from './server.ts';
import { seedState } from './state.ts';
import { type Answer, type Call, client, type Json } from './test-client.ts';

let sim: PterodactylSimulator;
let call: Call;

beforeAll(async () => {
  sim = new PterodactylSimulator({ flavour: 'pelican', rateLimit: 10_000 });
  call = client(await sim.listen(), 'papp_simulator');
});
afterAll(() => sim.close());

/** Each validation failure as [field, rule, detail]. */
const failures = (res: Answer) =>
  res.body.errors.map((e: Json) => [e.meta.source_field, e.meta.rule, e.detail] as [string, string, string]);
const error = (status: number, code: string, detail: string) => ({
  errors: [{ code, status: String(status), detail }],
});

async function owner(username: string): Promise<Json> {
  return (await call('POST', '/users', { username, email: `${username}@example.com` })).body.attributes;
}

/** A valid Pelican create body: a Rust server deployed on a node tagged `us`, without an allocation. */
const rust = (user: number, over: Record<string, unknown> = {}) => ({
  name: 'S',
  user,
  egg: 3,
  environment: { HOSTNAME: 'My Rust' },
  limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 50 },
  feature_limits: { databases: 0, backups: 0 },
  deploy: { tags: ['us'], dedicated_ip: false, port_range: [] },
  ...over,
});
const deploy = (over: Record<string, unknown>) => ({
  deploy: { tags: [], dedicated_ip: false, port_range: [], ...over },
});

describe('the simulator in Pelican mode: routes, limits and eggs', () => {
  it('seeds the same two nodes with tags instead of locations, and eggs with tags instead of nests', () => {
    expect(sim.flavour).toBe('pelican');
    expect(sim.state.locations).toEqual([]);
    expect(sim.state.nests).toEqual([]);
    expect(sim.state.nodes.map((n) => [n.id, n.name, n.tags])).toEqual([
      [1, 'eu-node-1', ['eu', 'europe']],
      [2, 'us-node-1', ['us']],
    ]);
    expect(sim.state.eggs.map((e) => [e.id, e.name, e.tags])).toEqual([
      [1, 'Paper', ['minecraft']],
      [2, 'Vanilla Minecraft', ['minecraft']],
      [3, 'Rust', ['rust']],
      [4, 'Generic SteamCMD', []],
    ]);
  });

  it('has no nests or locations: their routes are not found', async () => {
    for (const path of ['/nests', '/nests/1/eggs/2', '/locations']) {
      const res = await call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(
        error(404, 'NotFoundHttpException', `The route api/application${path} could not be found.`),
      );
    }
  });

  it('lists every egg at the top level without pagination, with variables on request', async () => {
    const eggs = await call('GET', '/eggs?include=variables');
    expect(eggs.status).toBe(200);
    expect(eggs.body).not.toHaveProperty('meta');
    expect(eggs.body.data).toHaveLength(4);
    const paper = eggs.body.data[0];
    expect(paper.object).toBe('egg');
    expect(paper.attributes).not.toHaveProperty('nest');
    expect(paper.attributes).toMatchObject({
      id: 1,
      name: 'Paper',
      tags: ['minecraft'],
      icon: null,
      features: [],
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -Xms128M -Xmx{{SERVER_MEMORY}}M -jar {{SERVER_JARFILE}}',
      startup_commands: { Default: 'java -Xms128M -Xmx{{SERVER_MEMORY}}M -jar {{SERVER_JARFILE}}' },
    });
    const variable = paper.attributes.relationships.variables.data[1];
    expect(variable.object).toBe('egg_variable');
    expect(variable.attributes).toMatchObject({
      env_variable: 'BUILD_NUMBER',
      rules: ['required', 'string', 'max:20'],
    });

    const generic = await call('GET', '/eggs/4');
    expect(generic.body.attributes).toMatchObject({ name: 'Generic SteamCMD', tags: [] });
    expect(generic.body.attributes).not.toHaveProperty('relationships');
    expect((await call('GET', '/eggs/99')).body).toEqual(
      error(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.'),
    );
  });

  it('allows 256 requests a minute by default, and counts neither unknown routes nor unknown ids', async () => {
    const panel = new PterodactylSimulator({ flavour: 'pelican' });
    const c = client(await panel.listen(), 'papp_simulator');
    try {
      const first = await c('GET', '/users');
      expect(first.headers.get('x-ratelimit-limit')).toBe('256');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('255');
      // Route-model binding and IsValidJson answer before the throttle; a lookup by external id after it.
      expect((await c('GET', '/servers/999')).status).toBe(404);
      expect((await c('DELETE', '/users/999')).status).toBe(404);
      expect((await c('GET', '/nests')).status).toBe(404);
      const unknown = await c('GET', '/users/external/nobody');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('x-ratelimit-remaining')).toBe('254');
      expect((await c('GET', '/users')).headers.get('x-ratelimit-remaining')).toBe('253');
    } finally {
      await panel.close();
    }
  });

  it('refuses with 429 past the limit, yet still answers an unknown id or a malformed body first', async () => {
    const panel = new PterodactylSimulator({ flavour: 'pelican', rateLimit: 2 });
    const url = await panel.listen();
    const c = client(url, 'papp_simulator');
    try {
      expect((await c('GET', '/users')).status).toBe(200);
      const invalid = await c('POST', '/users', {});
      expect(invalid.status).toBe(422);
      expect(invalid.headers.get('x-ratelimit-remaining')).toBe('0');
      const refused = await c('GET', '/users');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(error(429, 'ThrottleRequestsException', 'Too Many Attempts.'));
      expect((await c('GET', '/users/42')).status).toBe(404);
      const malformed = await fetch(`${url}/api/application/users`, {
        method: 'POST',
        headers: { authorization: 'Bearer papp_simulator', 'content-type': 'application/json' },
        body: '{"username":',
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual(
        error(
          400,
          'BadRequestHttpException',
          'The JSON data passed in the request appears to be malformed: Syntax error',
        ),
      );
      expect((await c('GET', '/users', undefined, 'ptla_simulator')).status).toBe(401);
    } finally {
      await panel.close();
    }
  });
});

describe('the simulator in Pelican mode: users', () => {
  it('creates a user without names, as StoreUserRequest takes them', async () => {
    const res = await call('POST', '/users', {
      username: 'Alice.Admin',
      email: 'Alice@Example.com',
      first_name: 'Alice',
      last_name: 'Liddell',
      root_admin: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.attributes).toEqual({
      id: expect.any(Number),
      external_id: null,
      is_managed_externally: false,
      uuid: expect.any(String),
      username: 'alice.admin',
      email: 'alice@example.com',
      language: 'en',
      root_admin: false,
      '2fa_enabled': false,
      '2fa': false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.meta.resource).toMatch(new RegExp(`/api/application/users/${res.body.attributes.id}$`));
    const row = sim.state.users.find((u) => u.id === res.body.attributes.id);
    expect(row).toMatchObject({ timezone: 'UTC' });
    expect(row).not.toHaveProperty('first_name');
    // No username pattern on Pelican: one character will do.
    expect((await call('POST', '/users', { username: 'x', email: 'x@example.com' })).status).toBe(201);
  });

  it("validates users with Pelican's rules and messages", async () => {
    expect(failures(await call('POST', '/users', {}))).toEqual([
      ['email', 'required', 'The email field is required.'],
      ['username', 'required', 'The username field is required.'],
    ]);
    await owner('taken');
    const res = await call('POST', '/users', {
      email: 'TAKEN@example.com',
      username: 'Taken',
      external_id: 7,
      is_managed_externally: 'maybe',
      language: 'xx',
      timezone: 'Mars/Olympus',
    });
    expect(res.status).toBe(422);
    expect(failures(res)).toEqual([
      ['email', 'unique', 'The email has already been taken.'],
      ['external_id', 'string', 'The Third Party Identifier must be a string.'],
      ['is_managed_externally', 'boolean', 'The Is managed by Third Party? field must be true or false.'],
      ['username', 'unique', 'The username has already been taken.'],
      ['language', 'in', 'The selected language is invalid.'],
      ['timezone', 'in', 'The selected timezone is invalid.'],
    ]);
    expect(failures(await call('POST', '/users', { email: 'not-an-email', username: 'someone' }))).toEqual([
      ['email', 'email', 'The email must be a valid email address.'],
    ]);
  });

  it('updates a user with the same rules, leaving out what is not sent', async () => {
    const user = await owner('patched');
    await call('PATCH', `/users/${user.id}`, { email: user.email, username: 'patched', external_id: 'member-1' });
    const res = await call('PATCH', `/users/${user.id}`, {
      email: 'patched@example.com',
      username: 'Patched2',
      language: 'ro_MD',
      timezone: 'Europe/Chisinau',
      is_managed_externally: true,
      password: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes).toMatchObject({
      username: 'patched2',
      language: 'ro_MD',
      external_id: 'member-1',
      is_managed_externally: true,
    });
    expect(failures(await call('PATCH', `/users/${user.id}`, { username: 'patched2' }))).toEqual([
      ['email', 'required', 'The email field is required.'],
    ]);
    const found = await call('GET', '/users?filter[external_id]=member-1');
    expect(found.body.data.map((u: Json) => u.attributes.id)).toEqual([user.id]);
    expect((await call('GET', '/users?filter[first_name]=a')).body).toEqual(
      error(
        400,
        'InvalidFilterQuery',
        'Requested filter(s) `first_name` are not allowed. Allowed filter(s) are `email, uuid, username, external_id`.',
      ),
    );
  });

  it('refuses to delete a root admin (bare 403) or a user who owns servers', async () => {
    const admin = await owner('root');
    const row = sim.state.users.find((u) => u.id === admin.id);
    if (row) row.root_admin = true;
    const refused = await call('DELETE', `/users/${admin.id}`);
    expect([refused.status, refused.body]).toEqual([403, []]);
    const user = await owner('hasserver');
    expect((await call('POST', '/servers', rust(user.id))).status).toBe(201);
    expect((await call('DELETE', `/users/${user.id}`)).body).toEqual(
      error(
        400,
        'DisplayException',
        'Cannot delete a user with active servers attached to their account. Please delete their servers before continuing.',
      ),
    );
  });
});

describe('the simulator in Pelican mode: nodes and deployment', () => {
  it('lists nodes with their tags, cpu and what the servers on them use', async () => {
    const res = await call('GET', '/nodes');
    expect(res.body.meta.pagination).toMatchObject({ total: 2, per_page: 50, links: {} });
    const node = res.body.data[0].attributes;
    expect(node).toMatchObject({ id: 1, tags: ['eu', 'europe'], cpu: 6400, cpu_overallocate: 0 });
    expect(node).not.toHaveProperty('location_id');
    expect(Object.keys(node.allocated_resources)).toEqual(['memory', 'disk', 'cpu']);
  });

  it('finds deployable nodes: a plain list, at least one shared tag, empty when nothing fits', async () => {
    const ids = async (query: string) => {
      const res = await call('GET', `/nodes/deployable?${query}`);
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('meta');
      return res.body.data.map((n: Json) => n.attributes.id);
    };
    expect(await ids('memory=1024&disk=1024')).toEqual([1, 2]);
    expect(await ids('memory=1024&disk=1024&tags[]=europe')).toEqual([1]);
    expect(await ids('memory=1024&disk=1024&tags[]=asia&tags[]=us')).toEqual([2]);
    expect(await ids('memory=1024&disk=1024&tags[]=asia')).toEqual([]);
    expect(await ids('memory=1024&disk=1024&cpu=1000000')).toEqual([]);
    expect(failures(await call('GET', '/nodes/deployable?memory=lots&tags=eu'))).toEqual([
      ['memory', 'integer', 'The memory must be an integer.'],
      ['disk', 'required', 'The disk field is required.'],
      ['tags', 'array', 'The tags must be an array.'],
    ]);
  });

  it('counts the cpu of the servers already on a node', async () => {
    const panel = new PterodactylSimulator({
      flavour: 'pelican',
      state: seedState({ flavour: 'pelican', nodeCpu: 100 }),
    });
    const c = client(await panel.listen(), 'papp_simulator');
    try {
      const user = (await c('POST', '/users', { username: 'cpu', email: 'cpu@example.com' })).body.attributes;
      const body = rust(user.id, { limits: { memory: 512, swap: 0, disk: 1024, io: 500, cpu: 60 } });
      expect((await c('POST', '/servers', body)).status).toBe(201);
      const deployable = async (cpu: number) =>
        (await c('GET', `/nodes/deployable?memory=1&disk=1&cpu=${cpu}&tags[]=us`)).body.data.length;
      expect([await deployable(40), await deployable(41)]).toEqual([1, 0]);
      expect((await c('POST', '/servers', body)).body).toEqual(
        error(
          400,
          'NoViableNodeException',
          'No nodes satisfying the requirements specified for automatic deployment could be found.',
        ),
      );
    } finally {
      await panel.close();
    }
  });
});

describe('the simulator in Pelican mode: creating servers', () => {
  it("fills the image and startup from the egg, stores oom_killer and answers Pelican's server object", async () => {
    const user = await owner('creator');
    const res = await call(
      'POST',
      '/servers',
      rust(user.id, { oom_killer: true, ...deploy({ tags: ['europe'], locations: [2], port_range: ['25570'] }) }),
    );
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('meta');
    const port = sim.state.allocations.find((a) => a.node_id === 1 && a.port === 25570);
    const server = res.body.attributes;
    expect(server).not.toHaveProperty('nest');
    expect(server).toMatchObject({
      status: 'installing',
      suspended: false,
      node: 1,
      allocation: port?.id,
      egg: 3,
      limits: { memory: 512, io: 500, threads: null, oom_killer: true, oom_disabled: false },
      feature_limits: { databases: 0, allocations: 0, backups: 0 },
      container: {
        image: 'ghcr.io/pterodactyl/games:rust',
        startup_command: './RustDedicated -batchmode +server.port {{SERVER_PORT}}',
        installed: 0,
        environment: {
          HOSTNAME: 'My Rust',
          STARTUP: './RustDedicated -batchmode +server.port {{SERVER_PORT}}',
          P_SERVER_UUID: server.uuid,
        },
      },
    });
    expect(Object.keys(server.container.environment)).toEqual(['HOSTNAME', 'STARTUP', 'P_SERVER_UUID']);
    expect(port?.server_id).toBe(server.id);
    const plain = (await call('POST', '/servers', rust(user.id, { docker_image: 'mine:1', startup: 'go' }))).body;
    expect(plain.attributes.limits).toMatchObject({ oom_killer: false, oom_disabled: true });
    expect(plain.attributes.container).toMatchObject({ image: 'mine:1', startup_command: 'go' });
  });

  it('deploys without an allocation when the port range is empty, on the first node that fits', async () => {
    const user = await owner('noport');
    const free = () => sim.state.allocations.filter((a) => a.server_id === null).length;
    const before = free();
    const anywhere = (await call('POST', '/servers', rust(user.id, deploy({})))).body.attributes;
    const us = (await call('POST', '/servers', rust(user.id, deploy({ tags: ['us'] })))).body.attributes;
    expect([anywhere.node, anywhere.allocation, us.node, us.allocation]).toEqual([1, null, 2, null]);
    expect(free()).toBe(before);
    expect((await call('GET', `/servers/${us.id}`)).body.attributes.allocation).toBeNull();
  });

  it("picks a free allocation within the ports asked for, and refuses with Pelican's texts", async () => {
    const user = await owner('ports');
    const ranged = (
      await call('POST', '/servers', rust(user.id, deploy({ tags: ['us'], port_range: ['25600-25602'] })))
    ).body.attributes;
    const allocation = sim.state.allocations.find((a) => a.id === ranged.allocation);
    expect([allocation?.node_id, allocation?.port]).toEqual([2, 25600]);
    const refusal = async (over: Record<string, unknown>) =>
      (await call('POST', '/servers', rust(user.id, deploy(over)))).body;
    expect(await refusal({ port_range: ['20000-21500'] })).toEqual(
      error(400, 'DisplayException', 'Adding more than 1000 ports in a single range at once is not supported.'),
    );
    const none = error(
      400,
      'NoViableAllocationException',
      'No allocations satisfying the requirements for automatic deployment were found.',
    );
    expect(await refusal({ port_range: ['30000'] })).toEqual(none);
    // Node 2's only address already serves a server: no dedicated IP left there.
    expect(await refusal({ tags: ['us'], dedicated_ip: true, port_range: ['25565-25604'] })).toEqual(none);
    expect(await refusal({ tags: ['asia'], port_range: ['25565'] })).toEqual(
      error(
        400,
        'NoViableNodeException',
        'No nodes satisfying the requirements specified for automatic deployment could be found.',
      ),
    );
  });

  it("validates the body with StoreServerRequest's rules and Laravel's messages, creating nothing", async () => {
    const user = await owner('invalid');
    const count = sim.state.servers.length;
    const fails = async (body: unknown) => failures(await call('POST', '/servers', body));
    expect(await fails(rust(user.id, { deploy: { dedicated_ip: false } }))).toEqual([
      ['deploy.tags', 'present', 'The deploy.tags field must be present.'],
      ['deploy.port_range', 'present', 'The deploy.port range field must be present.'],
    ]);
    expect(await fails(rust(user.id, { deploy: { tags: [''], port_range: [25565] } }))).toEqual([
      ['deploy.tags.0', 'required_with', 'The deploy.tags.0 field is required when deploy.tags is present.'],
      ['deploy.dedicated_ip', 'required_with', 'The deploy.dedicated ip field is required when deploy is present.'],
      ['deploy.port_range.0', 'string', 'The deploy.port_range.0 must be a string.'],
    ]);
    expect(
      await fails(
        rust(user.id, {
          name: 'n'.repeat(256),
          external_id: 'e'.repeat(256),
          limits: { memory: 512, swap: 0, disk: 1024, io: 1001, cpu: 50 },
          feature_limits: {},
          deploy: undefined,
        }),
      ),
    ).toEqual([
      ['external_id', 'between', 'The external id must be between 1 and 255 characters.'],
      ['name', 'max', 'The name may not be greater than 255 characters.'],
      ['limits.io', 'between', 'The limits.io must be between 0 and 1000.'],
      ['feature_limits', 'required', 'The feature limits field is required.'],
      ['feature_limits.databases', 'present', 'The feature limits.databases field must be present.'],
      ['feature_limits.backups', 'present', 'The feature limits.backups field must be present.'],
      ['allocation.default', 'required', 'The allocation.default field is required.'],
    ]);
    expect(sim.state.servers).toHaveLength(count);
    // Pelican allows an io weight of 0 and names and external ids of 255 characters.
    const edge = rust(user.id, {
      name: 'n'.repeat(255),
      external_id: 'e'.repeat(255),
      limits: { memory: 512, swap: 0, disk: 1024, io: 0, cpu: 50 },
    });
    expect((await call('POST', '/servers', edge)).status).toBe(201);
  });

  it('checks egg variables against their defaults; one without a default is required', async () => {
    const user = await owner('variables');
    const paper = await call('POST', '/servers', rust(user.id, { egg: 1, environment: {} }));
    expect(paper.status).toBe(201);
    // As ServerCreationService stores it: the default passed validation, the value left out is ''.
    expect(paper.body.attributes.container.environment).toMatchObject({ SERVER_JARFILE: '', BUILD_NUMBER: '' });
    const egg = sim.state.eggs.find((e) => e.id === 4);
    egg?.variables.push({
      id: 999,
      egg_id: 4,
      name: 'Map',
      description: 'The map to load.',
      env_variable: 'MAP',
      default_value: '',
      user_viewable: true,
      user_editable: true,
      rules: 'required|string',
    });
    expect(failures(await call('POST', '/servers', rust(user.id, { egg: 4, environment: {} })))).toEqual([
      ['environment.MAP', 'required', 'The Map variable field is required.'],
    ]);
    const given = await call('POST', '/servers', rust(user.id, { egg: 4, environment: { MAP: 'de_dust2' } }));
    expect(given.body.attributes.container.environment).toMatchObject({ SRCDS_APPID: '', MAP: 'de_dust2' });
  });

  it('fails a write as Pelican does when Wings is down, creating nothing', async () => {
    const user = await owner('wingsdown');
    const count = sim.state.servers.length;
    sim.failWrites(1);
    const res = await call('POST', '/servers', rust(user.id));
    expect(res.status).toBe(500);
    expect(res.body).toEqual(
      error(
        500,
        'ConnectionException',
        'An unexpected error was encountered while processing this request, please try again.',
      ),
    );
    expect(sim.state.servers).toHaveLength(count);
    expect((await call('POST', '/servers', rust(user.id))).status).toBe(201);
  });

  it('holds a creation until it commits and finishes installs, as in Pterodactyl mode', async () => {
    const user = await owner('held');
    const held = sim.holdNextServerCreate();
    const answer = call('POST', '/servers', rust(user.id, { external_id: 'pelican-held' }));
    await held.arrived;
    expect((await call('GET', '/servers/external/pelican-held')).status).toBe(404);
    await held.commit();
    const created = (await answer).body.attributes;
    sim.finishInstall(created.id);
    const installed = (await call('GET', '/servers/external/pelican-held')).body.attributes;
    expect([installed.status, installed.container.installed]).toEqual([null, 1]);
  });
});

describe('the simulator in Pelican mode: managing servers', () => {
  let user: Json;
  let server: Json;
  beforeAll(async () => {
    user = await owner('manager');
    server = (await call('POST', '/servers', rust(user.id, { external_id: 'managed' }))).body.attributes;
  });

  it('filters servers by uuid_short and image; uuidShort is not a filter', async () => {
    const short = await call('GET', `/servers?filter[uuid_short]=${server.identifier}`);
    expect(short.body.data.map((s: Json) => s.attributes.id)).toEqual([server.id]);
    const images = await call('GET', '/servers?filter[image]=games:rust');
    expect(images.body.data.length).toBeGreaterThan(0);
    expect((await call('GET', '/servers?filter[uuidShort]=a')).body).toEqual(
      error(
        400,
        'InvalidFilterQuery',
        'Requested filter(s) `uuidShort` are not allowed. Allowed filter(s) are `uuid, uuid_short, name, description, image, external_id`.',
      ),
    );
  });

  it('replaces the details in full, with the request’s own attribute names', async () => {
    expect(failures(await call('PATCH', `/servers/${server.id}/details`, { user: 999_999 }))).toEqual([
      ['name', 'required', 'The Server Name field is required.'],
      ['user', 'exists', 'The selected User ID is invalid.'],
    ]);
    const res = await call('PATCH', `/servers/${server.id}/details`, { name: 'Renamed', user: user.id });
    expect(res.body.attributes).toMatchObject({ name: 'Renamed', external_id: null, description: '' });
  });

  it('updates the build: limits only inside limits, allocation required in practice, feature_limits required', async () => {
    const path = `/servers/${server.id}/build`;
    const limits = { memory: 1024, swap: 0, disk: 2048, io: 500, cpu: 100 };
    const updated = await call('PATCH', path, {
      allocation: null,
      oom_killer: true,
      limits,
      feature_limits: { databases: 1, backups: 2 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.attributes).toMatchObject({
      allocation: null,
      limits: { ...limits, oom_killer: true },
      feature_limits: { databases: 1, allocations: null, backups: 2 },
    });
    const legacy = await call('PATCH', path, {
      allocation: null,
      memory: 4096,
      feature_limits: { databases: 1, backups: 2 },
    });
    expect(legacy.body.attributes.limits.memory).toBe(1024);
    expect((await call('PATCH', path, { feature_limits: { databases: 1, backups: 2 } })).body).toEqual(
      error(
        500,
        'ErrorException',
        'An unexpected error was encountered while processing this request, please try again.',
      ),
    );
    expect(failures(await call('PATCH', path, { allocation: null, limits: { memory: 1 } }))).toEqual([
      ['limits.swap', 'required_with', 'The limits.swap field is required when limits is present.'],
      ['limits.io', 'required_with', 'The limits.io field is required when limits is present.'],
      ['limits.cpu', 'required_with', 'The limits.cpu field is required when limits is present.'],
      ['limits.disk', 'required_with', 'The limits.disk field is required when limits is present.'],
      ['feature_limits', 'required', 'The feature limits field is required.'],
      ['feature_limits.databases', 'present', 'The Database Limit field must be present.'],
      ['feature_limits.backups', 'present', 'The Backup Limit field must be present.'],
    ]);
  });

  it('only moves the default allocation to one the server already has', async () => {
    const ported = (await call('POST', '/servers', rust(user.id, deploy({ port_range: ['25580'] })))).body.attributes;
    const other = sim.state.allocations.find((a) => a.server_id === null);
    const features = { feature_limits: { databases: 0, backups: 0 } };
    const path = `/servers/${ported.id}/build`;
    expect((await call('PATCH', path, { allocation: ported.allocation, ...features })).status).toBe(200);
    expect((await call('PATCH', path, { allocation: other?.id, ...features })).body).toEqual(
      error(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.'),
    );
    const elsewhere = sim.state.servers.find((s) => s.allocation !== null && s.id !== ported.id);
    expect(failures(await call('PATCH', path, { allocation: elsewhere?.allocation, ...features }))).toEqual([
      ['allocation', 'unique', 'The allocation has already been taken.'],
    ]);
    expect(failures(await call('PATCH', path, { allocation: 999_999, ...features }))).toEqual([
      ['allocation', 'exists', 'The selected allocation is invalid.'],
    ]);
  });

  it('suspends and unsuspends, leaving a server already in that state (or installing) alone', async () => {
    const fresh = (await call('POST', '/servers', rust(user.id))).body.attributes;
    expect((await call('POST', `/servers/${fresh.id}/unsuspend`)).status).toBe(204);
    expect((await call('GET', `/servers/${fresh.id}`)).body.attributes.status).toBe('installing');
    for (const [action, status, suspended] of [
      ['suspend', 'suspended', true],
      ['suspend', 'suspended', true],
      ['unsuspend', null, false],
    ] as const) {
      expect((await call('POST', `/servers/${fresh.id}/${action}`)).status).toBe(204);
      expect((await call('GET', `/servers/${fresh.id}`)).body.attributes).toMatchObject({ status, suspended });
    }
  });

  it('deletes servers (also by force) and frees their allocations', async () => {
    const ported = (await call('POST', '/servers', rust(user.id, deploy({ port_range: ['25590'] })))).body.attributes;
    const plain = (await call('POST', '/servers', rust(user.id))).body.attributes;
    expect((await call('DELETE', `/servers/${ported.id}`)).status).toBe(204);
    expect(sim.state.allocations.find((a) => a.id === ported.allocation)?.server_id).toBeNull();
    expect((await call('DELETE', `/servers/${plain.id}/force`)).status).toBe(204);
    expect((await call('DELETE', `/servers/${plain.id}`)).status).toBe(404);
  });
});
