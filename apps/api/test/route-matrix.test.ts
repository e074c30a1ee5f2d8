import { fileURLToPath } from 'node:url';
import { permissionValues } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFlags, mailOutbox, roles, serverQueue, servers, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { newMember, TestClient } from './client.ts';
import { localBackup, startS3Server, type TestS3 } from './s3-server.ts';
import { serverRequest } from './servers.ts';
import { startSmtpServer } from './smtp-server.ts';
import { multipart, png } from './tickets.ts';
import { memberWithPermissions } from './users.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  // The test plugins (test/plugins): the plugin routes need one that loads and has settings.
  t = await createTestApp({}, { pluginDirs: { bundled: fileURLToPath(new URL('./plugins', import.meta.url)) } });
  // Every request of the walk comes from one address; the walk is about access, not request budgets.
  await t.app.ctx.settings.update({ rate_limit_per_minute: 100_000 });
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});

/** A fresh member to act on (role Member: no permissions, so anyone may manage it). */
async function member(): Promise<{ id: string; updated_at: string }> {
  const c = new TestClient(t.app);
  await c.post('/api/user/auth/register', newMember());
  const id = (await c.get('/api/user/session')).json().user_info.uuid;
  return (await root.get(`/api/admin/users/${id}`)).json().data;
}
/** An open anti-alt flag on a fresh member. */
async function flag(): Promise<number> {
  const [row] = await t.app.ctx.db
    .insert(accountFlags)
    .values({ userId: (await member()).id, reason: 'shared_ip', ip: '198.51.100.7' })
    .returning();
  return row!.id;
}
/** A fresh role without permissions or members. */
async function role(): Promise<{ id: number; updated_at: string }> {
  return (
    await root.post('/api/admin/roles', {
      name: `m_${Math.random().toString(36).slice(2, 9)}`,
      display_name: 'Matrix',
      color: '#123456',
      level: 2,
      permissions: [],
    })
  ).json().data;
}
type Request = { url: string; payload?: object; headers?: Record<string, string> };

/** A fresh record of a catalogue resource, made by root. */
async function record(path: string, body: object): Promise<{ id: number; updated_at: string }> {
  return (await root.post(`/api/admin/${path}`, body)).json().data;
}
const category = () => record('egg-categories', { name: 'Matrix games' });
let panelEggs = 0;
/** An egg linked to a panel egg, as a request needs (each its own panel id). */
const linkedEgg = async (name: string) =>
  record('eggs', { name, category_id: (await category()).id, panel_egg_id: 2_000_000 + ++panelEggs });
const bodies: Record<string, () => Promise<object>> = {
  locations: async () => ({ name: 'Matrix location' }),
  'egg-categories': async () => ({ name: 'Matrix games' }),
  eggs: async () => ({ name: 'Matrix egg', category_id: (await category()).id }),
  'redeem-codes': async () => ({ code: `M${Math.random().toString(36).slice(2, 10)}`, coins: 5 }),
  'j4r-servers': async () => ({
    name: 'Matrix guild',
    guild_id: `4${String(Math.floor(Math.random() * 1e17)).padStart(17, '0')}`,
    invite_code: 'matrix',
    coins: 5,
  }),
  announcements: async () => ({ title: 'Matrix news', body: '**Hello**', tags: ['matrix'] }),
  departments: async () => ({ name: `Matrix ${Math.random().toString(36).slice(2, 10)}` }),
  'redirect-links': async () => ({
    name: `m-${Math.random().toString(36).slice(2, 10)}`,
    url: 'https://example.com/matrix',
  }),
};
/** A valid change of each resource (most have a name). */
const patches: Record<string, object> = {
  'redeem-codes': { coins: 7 },
  announcements: { title: 'Renamed', pinned: true },
  'redirect-links': { url: 'https://example.org/renamed' },
  departments: { description: 'Renamed' },
};
/** A member's ticket in a fresh department. */
async function ticket(): Promise<number> {
  const department = await record('departments', { name: `Desk ${Math.random().toString(36).slice(2, 10)}` });
  const c = new TestClient(t.app);
  await c.post('/api/user/auth/register', newMember());
  const res = await c.post('/api/tickets', { department_id: department.id, subject: 'Matrix ticket', message: 'Hi' });
  return res.json().data.id as number;
}
/** A member's queued server request (optionally moved to another status). */
async function queueItem(status?: 'failed'): Promise<string> {
  const location = await record('locations', { name: 'Queue place' });
  const egg = await linkedEgg('Queue egg');
  const c = new TestClient(t.app);
  await c.post('/api/user/auth/register', newMember());
  const res = await c.post('/api/servers/requests', {
    name: 'Q',
    location_id: location.id,
    egg_id: egg.id,
    memory: 256,
    cpu: 10,
    disk: 256,
    ports: 1,
    databases: 0,
    backups: 0,
  });
  const id = res.json().data.id as string;
  if (status) await t.database.db.update(serverQueue).set({ status }).where(eq(serverQueue.id, id));
  return id;
}
/** A built server (without a panel: nothing to delete there) and a request body for the queue. */
async function server(): Promise<string> {
  const location = await record('locations', { name: 'Server place' });
  const egg = await record('eggs', { name: 'Server egg', category_id: (await category()).id });
  const owner = await member();
  const [row] = await t.database.db
    .insert(servers)
    .values({
      ownerId: owner.id,
      name: 'S',
      locationId: location.id,
      eggId: egg.id,
      memory: 256,
      cpu: 10,
      disk: 256,
      ports: 1,
      databases: 0,
      backups: 0,
      status: 'active',
    })
    .returning();
  return row!.id;
}
async function queueCreateBody(): Promise<object> {
  const location = await record('locations', { name: 'Queue for member' });
  const egg = await linkedEgg('Queue for egg');
  return { ...serverRequest(location.id, egg.id), user_id: (await member()).id };
}

function catalogFixtures(): Record<string, () => Promise<Request>> {
  const out: Record<string, () => Promise<Request>> = {};
  for (const [path, body] of Object.entries(bodies)) {
    out[`GET /api/admin/${path}`] = async () => ({ url: `/api/admin/${path}` });
    out[`GET /api/admin/${path}/:id`] = async () => ({
      url: `/api/admin/${path}/${(await record(path, await body())).id}`,
    });
    out[`POST /api/admin/${path}`] = async () => ({ url: `/api/admin/${path}`, payload: await body() });
    out[`PATCH /api/admin/${path}/:id`] = async () => {
      const r = await record(path, await body());
      return {
        url: `/api/admin/${path}/${r.id}`,
        payload: { ...(patches[path] ?? { name: 'Renamed' }), updated_at: r.updated_at },
      };
    };
    out[`DELETE /api/admin/${path}/:id`] = async () => ({
      url: `/api/admin/${path}/${(await record(path, await body())).id}`,
    });
  }
  for (const path of ['locations', 'egg-categories', 'eggs']) {
    out[`POST /api/admin/${path}/import`] = async () => {
      await t.app.ctx.settings.update({ demo_panel_enabled: true });
      return { url: `/api/admin/${path}/import` };
    };
  }
  return out;
}
/** A mail that failed for good (the outbox routes act on it). */
async function failedMail(): Promise<string> {
  const [row] = await t.database.db
    .insert(mailOutbox)
    .values({ to: 'matrix@example.com', subject: 'Matrix', text: 'Matrix', status: 'failed', attempts: 8 })
    .returning();
  return row!.id;
}
/** A library image upload (multipart), and a stored image made by root. */
async function imageUpload(): Promise<Request> {
  const { payload, headers } = await multipart({ name: 'Matrix' }, [
    { field: 'file', name: 'matrix.png', type: 'image/png', bytes: await png() },
  ]);
  return { url: '/api/admin/images', payload, headers };
}
async function libraryImage(): Promise<{ id: number; updated_at: string }> {
  const upload = await imageUpload();
  return (await root.post(upload.url, upload.payload, { headers: upload.headers })).json().data;
}
function imageFixtures(): Record<string, () => Promise<Request>> {
  return {
    'GET /api/admin/images': async () => ({ url: '/api/admin/images?sort=-size' }),
    'GET /api/admin/images/:id': async () => ({ url: `/api/admin/images/${(await libraryImage()).id}` }),
    'GET /api/admin/images/:id/usage': async () => ({ url: `/api/admin/images/${(await libraryImage()).id}/usage` }),
    'POST /api/admin/images': imageUpload,
    'PATCH /api/admin/images/:id': async () => {
      const image = await libraryImage();
      return { url: `/api/admin/images/${image.id}`, payload: { alt: 'Matrix', updated_at: image.updated_at } };
    },
    'DELETE /api/admin/images/:id': async () => ({ url: `/api/admin/images/${(await libraryImage()).id}` }),
  };
}
/** A pending report of a member's hosted image (uploaded by a fresh member, reported by a visitor). */
async function imageReport(): Promise<{ id: number; updated_at: string }> {
  const owner = new TestClient(t.app);
  await owner.post('/api/user/auth/register', newMember());
  const { payload, headers } = await multipart({}, [
    { field: 'file', name: 'matrix.png', type: 'image/png', bytes: await png() },
  ]);
  const image = (await owner.post('/api/user/images', payload, { headers })).json().data;
  await new TestClient(t.app).post(`/api/images/${image.id}/report`, { reason: 'spam' });
  const list = await root.get(`/api/admin/image-reports?image_id=${image.id}`);
  return list.json().data[0];
}
function imageReportFixtures(): Record<string, () => Promise<Request>> {
  const base = '/api/admin/image-reports';
  return {
    [`GET ${base}`]: async () => ({ url: `${base}?status=pending&sort=-created_at` }),
    [`GET ${base}/:id`]: async () => ({ url: `${base}/${(await imageReport()).id}` }),
    [`PATCH ${base}/:id`]: async () => {
      const report = await imageReport();
      return { url: `${base}/${report.id}`, payload: { status: 'reviewed', updated_at: report.updated_at } };
    },
    [`POST ${base}/:id/actions`]: async () => ({
      url: `${base}/${(await imageReport()).id}/actions`,
      payload: { action: 'dismiss' },
    }),
    [`DELETE ${base}/:id`]: async () => ({ url: `${base}/${(await imageReport()).id}` }),
  };
}
/** Cloud backups against a local S3 server (started on first use): a local backup, and one in the bucket. */
let matrixS3: TestS3 | undefined;
async function cloudReady(): Promise<void> {
  matrixS3 ??= await startS3Server();
  await t.app.ctx.settings.update(matrixS3.settings());
}
function cloudFixtures(): Record<string, () => Promise<Request>> {
  const base = '/api/admin/mythicalcloud';
  return {
    [`GET ${base}`]: async () => ({ url: base }),
    [`GET ${base}/objects`]: async () => {
      await cloudReady();
      return { url: `${base}/objects` };
    },
    [`POST ${base}/test`]: async () => {
      await cloudReady();
      return { url: `${base}/test` };
    },
    [`POST ${base}/upload`]: async () => {
      await cloudReady();
      return { url: `${base}/upload`, payload: { backup_id: (await localBackup(t.app)).row.id } };
    },
    [`POST ${base}/download`]: async () => {
      await cloudReady();
      const { row } = await localBackup(t.app);
      await root.post(`${base}/upload`, { backup_id: row.id });
      return { url: `${base}/download`, payload: { key: `hostdeck/${row.fileName}` } };
    },
  };
}
/** A completed backup (waiting first for any backup a previous fixture started). */
async function completedBackup(): Promise<string> {
  await t.app.ctx.backups.whenIdle();
  const backup = await t.app.ctx.backups.create(null, 'manual');
  await t.app.ctx.backups.whenIdle();
  return backup!.id;
}
function backupFixtures(): Record<string, () => Promise<Request>> {
  const base = '/api/admin/backups';
  return {
    'GET /api/admin/backups': async () => ({ url: base }),
    'POST /api/admin/backups': async () => {
      await t.app.ctx.backups.whenIdle();
      return { url: base };
    },
    'GET /api/admin/backups/:id': async () => ({ url: `${base}/${await completedBackup()}` }),
    'GET /api/admin/backups/:id/download': async () => ({ url: `${base}/${await completedBackup()}/download` }),
    'DELETE /api/admin/backups/:id': async () => ({ url: `${base}/${await completedBackup()}` }),
  };
}
let matrixSmtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
/** A valid request for every permission route, so "allowed" means 2xx, not merely "not 403". */
const fixtures: Record<string, () => Promise<Request>> = {
  'GET /api/admin/settings': async () => ({ url: '/api/admin/settings' }),
  'PATCH /api/admin/settings': async () => ({
    url: '/api/admin/settings',
    payload: { values: { app_name: 'Matrix' } },
  }),
  'GET /api/admin/audit': async () => ({ url: '/api/admin/audit' }),
  'GET /api/admin/dashboard/overview': async () => ({ url: '/api/admin/dashboard/overview' }),
  'GET /api/admin/dashboard/updates': async () => ({ url: '/api/admin/dashboard/updates' }),
  'GET /api/admin/dashboard/logs': async () => ({ url: '/api/admin/dashboard/logs?level=warn&limit=10' }),
  'GET /api/admin/dashboard/analytics': async () => ({ url: '/api/admin/dashboard/analytics' }),
  'GET /api/admin/dashboard/web-vitals': async () => ({ url: '/api/admin/dashboard/web-vitals' }),
  'GET /api/admin/dashboard/support': async () => ({ url: '/api/admin/dashboard/support' }),
  'GET /api/admin/dashboard/premium': async () => ({ url: '/api/admin/dashboard/premium' }),
  'GET /api/admin/dashboard/repository': async () => ({ url: '/api/admin/dashboard/repository' }),
  'GET /api/admin/health': async () => ({ url: '/api/admin/health' }),
  'GET /api/admin/roles': async () => ({ url: '/api/admin/roles' }),
  'GET /api/admin/roles/:id': async () => ({ url: `/api/admin/roles/${(await role()).id}` }),
  'GET /api/admin/roles/:id/permissions': async () => ({ url: `/api/admin/roles/${(await role()).id}/permissions` }),
  'POST /api/admin/roles': async () => ({
    url: '/api/admin/roles',
    payload: { name: `n_${Math.random().toString(36).slice(2, 9)}`, display_name: 'New', color: '#123456', level: 2 },
  }),
  'PATCH /api/admin/roles/:id': async () => {
    const r = await role();
    return { url: `/api/admin/roles/${r.id}`, payload: { display_name: 'Renamed', updated_at: r.updated_at } };
  },
  'DELETE /api/admin/roles/:id': async () => ({ url: `/api/admin/roles/${(await role()).id}` }),
  'PUT /api/admin/roles/:id/permissions': async () => {
    const r = await role();
    return { url: `/api/admin/roles/${r.id}/permissions`, payload: { permissions: [], updated_at: r.updated_at } };
  },
  'GET /api/admin/users': async () => ({ url: '/api/admin/users' }),
  'GET /api/admin/users/:id': async () => ({ url: `/api/admin/users/${(await member()).id}` }),
  'PATCH /api/admin/users/:id': async () => {
    const u = await member();
    return { url: `/api/admin/users/${u.id}`, payload: { first_name: 'Matrix', updated_at: u.updated_at } };
  },
  'DELETE /api/admin/users/:id': async () => ({ url: `/api/admin/users/${(await member()).id}` }),
  'POST /api/admin/users/:id/coins': async () => ({
    url: `/api/admin/users/${(await member()).id}/coins`,
    payload: { amount: 5, reason: 'matrix test' },
  }),
  'POST /api/admin/users/:id/ban': async () => ({
    url: `/api/admin/users/${(await member()).id}/ban`,
    payload: { reason: 'matrix test' },
  }),
  'GET /api/admin/account-flags': async () => ({ url: '/api/admin/account-flags?status=open' }),
  'POST /api/admin/account-flags/:id/approve': async () => ({
    url: `/api/admin/account-flags/${await flag()}/approve`,
  }),
  'POST /api/admin/account-flags/:id/ban': async () => ({
    url: `/api/admin/account-flags/${await flag()}/ban`,
    payload: { reason: 'matrix test' },
  }),
  'POST /api/admin/users/:id/unban': async () => ({ url: `/api/admin/users/${(await member()).id}/unban` }),
  'POST /api/admin/users/:id/reset-2fa': async () => ({ url: `/api/admin/users/${(await member()).id}/reset-2fa` }),
  'POST /api/admin/users/:id/sign-out': async () => ({ url: `/api/admin/users/${(await member()).id}/sign-out` }),
  'GET /api/admin/users/:id/sessions': async () => ({ url: `/api/admin/users/${(await member()).id}/sessions` }),
  'GET /api/admin/users/:id/audit': async () => ({ url: `/api/admin/users/${(await member()).id}/audit` }),
  ...catalogFixtures(),
  ...imageFixtures(),
  ...imageReportFixtures(),
  ...cloudFixtures(),
  ...backupFixtures(),
  'GET /api/admin/plugins': async () => ({ url: '/api/admin/plugins' }),
  'POST /api/admin/plugins/rescan': async () => ({ url: '/api/admin/plugins/rescan' }),
  'GET /api/admin/plugins/permissions': async () => ({ url: '/api/admin/plugins/permissions' }),
  'GET /api/admin/plugins/:identifier': async () => ({ url: '/api/admin/plugins/recorder' }),
  'POST /api/admin/plugins/:identifier/enable': async () => ({ url: '/api/admin/plugins/recorder/enable' }),
  'POST /api/admin/plugins/:identifier/disable': async () => ({ url: '/api/admin/plugins/recorder/disable' }),
  'PUT /api/admin/plugins/:identifier/config': async () => ({
    url: '/api/admin/plugins/recorder/config',
    payload: { values: { greeting: 'matrix' } },
  }),
  'GET /api/admin/server-queue': async () => ({ url: '/api/admin/server-queue?status=pending' }),
  'POST /api/admin/server-queue': async () => ({ url: '/api/admin/server-queue', payload: await queueCreateBody() }),
  'GET /api/admin/users/:id/coins': async () => ({ url: `/api/admin/users/${(await member()).id}/coins?kind=store` }),
  'GET /api/admin/servers': async () => ({ url: '/api/admin/servers?search=s&sort=-memory' }),
  'GET /api/admin/servers/:id': async () => ({ url: `/api/admin/servers/${await server()}` }),
  'DELETE /api/admin/servers/:id': async () => ({ url: `/api/admin/servers/${await server()}` }),
  'GET /api/admin/server-queue/logs': async () => ({ url: '/api/admin/server-queue/logs' }),
  'GET /api/admin/server-queue/:id': async () => ({ url: `/api/admin/server-queue/${await queueItem()}` }),
  'POST /api/admin/server-queue/:id/retry': async () => ({
    url: `/api/admin/server-queue/${await queueItem('failed')}/retry`,
  }),
  'DELETE /api/admin/server-queue/:id': async () => ({ url: `/api/admin/server-queue/${await queueItem()}` }),
  'GET /api/admin/tickets': async () => ({ url: '/api/admin/tickets?assignee=unassigned&sort=-priority' }),
  'GET /api/admin/tickets/desk': async () => ({ url: '/api/admin/tickets/desk' }),
  'GET /api/admin/tickets/:id': async () => ({ url: `/api/admin/tickets/${await ticket()}` }),
  'POST /api/admin/tickets/:id/messages': async () => ({
    url: `/api/admin/tickets/${await ticket()}/messages`,
    payload: { message: 'Matrix reply', internal: true },
  }),
  'PATCH /api/admin/tickets/:id': async () => ({
    url: `/api/admin/tickets/${await ticket()}`,
    payload: { status: 'in_progress', priority: 'high' },
  }),
  'GET /api/admin/mail-templates': async () => ({ url: '/api/admin/mail-templates' }),
  'GET /api/admin/mail-templates/:id': async () => ({ url: '/api/admin/mail-templates/welcome' }),
  'PATCH /api/admin/mail-templates/:id': async () => {
    const current = (await root.get('/api/admin/mail-templates/server_deleted')).json().data;
    return {
      url: '/api/admin/mail-templates/server_deleted',
      payload: { subject: `Matrix ${Math.random()}`, html: '<p>{{server_name}}</p>', updated_at: current.updated_at },
    };
  },
  'DELETE /api/admin/mail-templates/:id': async () => ({ url: '/api/admin/mail-templates/server_deleted' }),
  'GET /api/admin/mail/outbox': async () => ({ url: '/api/admin/mail/outbox?status=failed&per_page=5' }),
  'GET /api/admin/mail/outbox/:id': async () => ({ url: `/api/admin/mail/outbox/${await failedMail()}` }),
  'POST /api/admin/mail/outbox/:id/retry': async () => ({ url: `/api/admin/mail/outbox/${await failedMail()}/retry` }),
  'GET /api/admin/api-keys': async () => ({ url: '/api/admin/api-keys' }),
  'POST /api/admin/api-keys': async () => ({
    url: '/api/admin/api-keys',
    payload: { name: 'Matrix key', permissions: ['admin.apikeys.create'] },
  }),
  'DELETE /api/admin/api-keys/:id': async () => {
    const res = await root.post('/api/admin/api-keys', { name: 'Matrix key', permissions: ['admin.users.list'] });
    return { url: `/api/admin/api-keys/${res.json().key.id}` };
  },
  'POST /api/admin/users/:id/sign-in-link': async () => ({
    url: `/api/admin/users/${(await member()).id}/sign-in-link`,
    payload: {},
  }),
  'POST /api/admin/mail/test': async () => {
    matrixSmtp ??= await startSmtpServer();
    await t.app.ctx.settings.update({ smtp_host: '127.0.0.1', smtp_port: matrixSmtp.port, smtp_encryption: 'none' });
    return { url: '/api/admin/mail/test', payload: { to: 'matrix@example.com' } };
  },
  'POST /api/admin/panel/test': async () => {
    await t.app.ctx.settings.update({ demo_panel_enabled: true });
    return { url: '/api/admin/panel/test' };
  },
  'POST /api/admin/panel/demo': async () => ({ url: '/api/admin/panel/demo' }),
};
afterAll(() => t.close());
afterAll(() => matrixSmtp?.close());
afterAll(() => matrixS3?.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x').replace('/*', '/anything');

/**
 * A member whose role's permissions the test sets before each route: one sign-up (one argon2 hash)
 * instead of two per route, which made the walk minutes long on a loaded machine.
 */
async function adjustableMember(): Promise<{ client: TestClient; hold: (permissions: string[]) => Promise<void> }> {
  const client = await memberWithPermissions(t.app, []);
  const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
  const [user] = await t.app.ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id));
  return {
    client,
    hold: async (permissions) => {
      await t.app.ctx.db.update(roles).set({ permissions }).where(eq(roles.id, user!.roleId));
      await t.app.ctx.sessions.invalidateUser(id);
    },
  };
}

describe('route matrix', () => {
  it('every registered route declares an access rule', () => {
    const missing = t.app.routeTable.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(15);
  });

  it('every permission a route requires is in the catalogue', () => {
    for (const r of t.app.routeTable) {
      if (r.access?.kind === 'permission') expect(permissionValues).toContain(r.access.permission);
    }
  });

  it('session and permission routes answer 401 without a session', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access && r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await new TestClient(t.app).request({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('permission routes answer 403 to a role below level 2, even one holding admin.root', async () => {
    // Specification, section 2: admin routes need "login, admin role and a permission".
    const routes = t.app.routeTable.filter((r) => r.access?.kind === 'permission');
    const low = await adjustableMember();
    await low.hold(['admin.root']);
    const id = (await low.client.get('/api/user/session')).json().user_info.uuid as string;
    const [user] = await t.app.ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id));
    await t.app.ctx.db.update(roles).set({ level: 1 }).where(eq(roles.id, user!.roleId));
    await t.app.ctx.sessions.invalidateUser(id);
    for (const r of routes) {
      const res = await low.client.request({
        method: r.method as 'GET',
        ...(await fixtures[`${r.method} ${r.url}`]!()),
      });
      expect([res.statusCode, res.json().error_code], `${r.method} ${r.url}`).toEqual([403, 'FORBIDDEN']);
    }
  }, 180_000);

  it('permission routes answer 403 without their permission and 2xx with exactly it', async () => {
    const routes = t.app.routeTable.filter((r) => r.access?.kind === 'permission');
    const missing = routes.filter((r) => !fixtures[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'add a fixture for every permission route').toEqual([]);
    const without = await adjustableMember();
    const holder = await adjustableMember();
    for (const r of routes) {
      const permission = (r.access as { permission: string }).permission;
      const request = await fixtures[`${r.method} ${r.url}`]!();
      await without.hold(permissionValues.filter((p) => p !== permission && p !== 'admin.root'));
      const denied = await without.client.request({ method: r.method as 'GET', ...request });
      expect(denied.statusCode, `${r.method} ${r.url} without ${permission}`).toBe(403);

      await holder.hold([permission]);
      const allowed = await holder.client.request({
        method: r.method as 'GET',
        ...(await fixtures[`${r.method} ${r.url}`]!()),
      });
      expect(
        allowed.statusCode,
        `${r.method} ${r.url} with only ${permission}: ${allowed.body}`,
      ).toBeGreaterThanOrEqual(200);
      expect(allowed.statusCode, `${r.method} ${r.url} with only ${permission}: ${allowed.body}`).toBeLessThan(300);
    }
  }, 180_000); // every permission route with its fixtures
});
