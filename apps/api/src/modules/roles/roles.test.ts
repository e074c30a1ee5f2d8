import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { roles, users } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

const newRole = (over: Record<string, unknown> = {}) => ({
  name: `r_${Math.random().toString(36).slice(2, 8)}`,
  display_name: 'Event team',
  color: '#22d3ee',
  level: 3,
  permissions: ['admin.tickets.list'],
  ...over,
});

describe('generic list route (roles)', () => {
  it('pages, sorts and searches with one envelope', async () => {
    const res = await root.get('/api/admin/roles?per_page=3&sort=-level');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 1, per_page: 3 });
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.total_pages).toBe(Math.ceil(body.total / 3));
    expect(body.data.map((r: { level: number }) => r.level)).toEqual(
      [...body.data.map((r: { level: number }) => r.level)].sort((a, b) => b - a),
    );
    const search = (await root.get('/api/admin/roles?search=senior')).json();
    expect(search.data.map((r: { name: string }) => r.name)).toEqual(['senior_support']);
  });

  it('refuses unknown sort or filter fields and oversized pages, with field errors', async () => {
    const sort = await root.get('/api/admin/roles?sort=password');
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toMatchObject({ error_code: 'VALIDATION_ERROR' });
    expect(sort.json().fields.sort).toContain('level');
    expect((await root.get('/api/admin/roles?colour=red')).json().error_code).toBe('VALIDATION_ERROR');
    expect((await root.get('/api/admin/roles?per_page=1000')).json().fields).toHaveProperty('per_page');
    expect((await root.get('/api/admin/roles/999999')).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('creates, edits with the loaded version, refuses a stale edit, and deletes', async () => {
    const created = await root.post('/api/admin/roles', newRole());
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ level: 3, builtin: false, members: 0, permissions: ['admin.tickets.list'] });

    const ok = await root.patch(`/api/admin/roles/${role.id}`, { display_name: 'Events', updated_at: role.updated_at });
    expect(ok.json().data.display_name).toBe('Events');
    const stale = await root.patch(`/api/admin/roles/${role.id}`, {
      display_name: 'Other',
      updated_at: role.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('STALE_RECORD');
    expect((await root.get(`/api/admin/roles/${role.id}`)).json().data.display_name).toBe('Events');

    const del = await root.request({ method: 'DELETE', url: `/api/admin/roles/${role.id}` });
    expect(del.json()).toEqual({ success: true });
    expect((await root.get(`/api/admin/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('keeps built-in roles and roles in use', async () => {
    const list = (await root.get('/api/admin/roles?search=moderator')).json().data;
    const builtin = await root.request({ method: 'DELETE', url: `/api/admin/roles/${list[0].id}` });
    expect(builtin.json().error_code).toBe('ROLE_BUILTIN');
    const role = (await root.post('/api/admin/roles', newRole())).json().data;
    const member = new TestClient(t.app);
    await member.post('/api/user/auth/register', newMember());
    const uuid = (await member.get('/api/user/session')).json().user_info.uuid;
    const user = (await root.get(`/api/admin/users/${uuid}`)).json().data;
    await root.patch(`/api/admin/users/${uuid}`, { role_id: role.id, updated_at: user.updated_at });
    expect((await root.request({ method: 'DELETE', url: `/api/admin/roles/${role.id}` })).json().error_code).toBe(
      'ROLE_IN_USE',
    );
  });

  it('applies a permission change at the members next session call', async () => {
    const role = (await root.post('/api/admin/roles', newRole({ permissions: [] }))).json().data;
    const member = new TestClient(t.app);
    await member.post('/api/user/auth/register', newMember());
    const uuid = (await member.get('/api/user/session')).json().user_info.uuid;
    const user = (await root.get(`/api/admin/users/${uuid}`)).json().data;
    await root.patch(`/api/admin/users/${uuid}`, { role_id: role.id, updated_at: user.updated_at });
    expect((await member.get('/api/admin/settings')).statusCode).toBe(403);
    const res = await root.request({
      method: 'PUT',
      url: `/api/admin/roles/${role.id}/permissions`,
      payload: { permissions: ['admin.settings.view'], updated_at: role.updated_at },
    });
    expect(res.statusCode).toBe(200);
    expect((await member.get('/api/user/session')).json().permissions).toEqual(['admin.settings.view']);
    expect((await member.get('/api/admin/settings')).statusCode).toBe(200);
  });
});

describe('escalation', () => {
  it('nobody grants a permission they do not hold, or edits a role holding one', async () => {
    const manager = await memberWithPermissions(t.app, [
      'admin.roles.create',
      'admin.roles.edit',
      'admin.roles.list',
      'admin.permissions.edit',
      'admin.tickets.list',
    ]);
    const grab = await manager.post(
      '/api/admin/roles',
      newRole({ permissions: ['admin.tickets.list', 'admin.settings.edit'] }),
    );
    expect(grab.statusCode).toBe(403);
    expect(grab.json().error_code).toBe('PERMISSION_ESCALATION');
    const rootRole = (await manager.get('/api/admin/roles?search=administrator')).json().data[0];
    const rename = await manager.patch(`/api/admin/roles/${rootRole.id}`, {
      display_name: 'Owned',
      updated_at: rootRole.updated_at,
    });
    expect(rename.json().error_code).toBe('PERMISSION_ESCALATION');
    const mine = (await manager.post('/api/admin/roles', newRole({ permissions: ['admin.tickets.list'] }))).json().data;
    const widen = await manager.request({
      method: 'PUT',
      url: `/api/admin/roles/${mine.id}/permissions`,
      payload: { permissions: ['admin.root'], updated_at: mine.updated_at },
    });
    expect(widen.json().error_code).toBe('PERMISSION_ESCALATION');
    expect((await root.get(`/api/admin/roles/${mine.id}`)).json().data.permissions).toEqual(['admin.tickets.list']);
  });
});

describe('deleting a role', () => {
  it("is allowed once only deleted accounts hold it (they take the members' role)", async () => {
    const role = (await root.post('/api/admin/roles', newRole())).json().data;
    const holder = await signedUpMember(t.app);
    await t.database.db.update(users).set({ roleId: role.id }).where(eq(users.id, holder.id));
    expect((await root.delete(`/api/admin/roles/${role.id}`)).json().error_code).toBe('ROLE_IN_USE');
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, holder.id));
    expect((await root.get(`/api/admin/roles/${role.id}`)).json().data.members).toBe(0);
    const res = await root.delete(`/api/admin/roles/${role.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ level: roles.level })
      .from(users)
      .innerJoin(roles, eq(users.roleId, roles.id))
      .where(eq(users.id, holder.id));
    expect(row?.level).toBe(1);
  });
});

describe('refusals in the house words', () => {
  it('a taken name is 409 ALREADY_EXISTS as elsewhere, and an id that is no number is not found, saying why', async () => {
    const body = newRole();
    expect((await root.post('/api/admin/roles', body)).statusCode).toBe(201);
    const twice = await root.post('/api/admin/roles', body);
    expect([twice.statusCode, twice.json().error_code, twice.json().fields]).toEqual([
      409,
      'ALREADY_EXISTS',
      { name: 'A role with this name exists' },
    ]);
    for (const id of ['abc', '1.5', '-3']) {
      const res = await root.get(`/api/admin/roles/${id}`);
      expect([res.statusCode, res.json().error_code, res.json().fields], id).toEqual([
        404,
        'NOT_FOUND',
        { id: 'Not a valid id' },
      ]);
    }
  });
});
