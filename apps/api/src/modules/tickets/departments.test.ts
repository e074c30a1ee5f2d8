import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { department, openTicket } from '../../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

describe('departments', () => {
  it('are created, listed, filtered, edited with their version and audited', async () => {
    const res = await admin.post('/api/admin/departments', {
      name: '  Billing  ',
      description: 'Payments and refunds',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Billing', opening_hours: '', enabled: true, tickets: 0 });
    const duplicate = await admin.post('/api/admin/departments', { name: 'Billing' });
    expect([duplicate.statusCode, duplicate.json().error_code]).toEqual([409, 'ALREADY_EXISTS']);
    expect((await admin.post('/api/admin/departments', { name: 'X' })).statusCode).toBe(400);

    const edit = await admin.patch(`/api/admin/departments/${created.id}`, {
      opening_hours: 'Mon–Fri 09:00–17:00 UTC',
      enabled: false,
      updated_at: created.updated_at,
    });
    expect(edit.json().data).toMatchObject({ opening_hours: 'Mon–Fri 09:00–17:00 UTC', enabled: false });
    const stale = await admin.patch(`/api/admin/departments/${created.id}`, {
      name: 'Money',
      updated_at: created.updated_at,
    });
    expect(stale.json().error_code).toBe('STALE_RECORD');

    const disabled = (await admin.get('/api/admin/departments?enabled=false&search=bill')).json();
    expect(disabled.data.map((d: { id: number }) => d.id)).toEqual([created.id]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'department'), eq(auditLog.targetId, String(created.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['department.create', 'department.update']);
  });

  it('with tickets cannot be deleted (disable them instead); without, they can', async () => {
    const used = await department(admin);
    const { client } = await signedUpMember(t.app);
    await openTicket(client, used.id);
    expect((await admin.get(`/api/admin/departments/${used.id}`)).json().data.tickets).toBe(1);
    const refused = await admin.delete(`/api/admin/departments/${used.id}`);
    expect([refused.statusCode, refused.json().error_code]).toEqual([409, 'DEPARTMENT_IN_USE']);
    expect((await admin.get(`/api/admin/departments/${used.id}`)).statusCode).toBe(200);

    const unused = await department(admin);
    expect((await admin.delete(`/api/admin/departments/${unused.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/departments/${unused.id}`)).statusCode).toBe(404);
  });

  it('need the admin.departments permissions', async () => {
    const lister = await memberWithPermissions(t.app, ['admin.departments.list']);
    expect((await lister.get('/api/admin/departments')).statusCode).toBe(200);
    expect((await lister.post('/api/admin/departments', { name: 'Sales' })).statusCode).toBe(403);
    const { client } = await signedUpMember(t.app);
    expect((await client.get('/api/admin/departments')).statusCode).toBe(403);
  });
});
