import { CONTROL_CHARACTER_MESSAGE, LINE_BREAK_MESSAGE } from '@hostdeck/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TestClient } from '../../test/client.ts';
import { department, openTicket, postForm } from '../../test/tickets.ts';
import { memberWithPermissions, signedUpMember } from '../../test/users.ts';
import { databaseError, dataError } from '../lib/db-errors.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
});
afterAll(() => t.close());

const refusedField = (res: { statusCode: number; json(): Record<string, unknown> }, field: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', fields: { [field]: CONTROL_CHARACTER_MESSAGE } });
};

describe('control characters', () => {
  it('refuses NUL in a JSON field before it reaches the database, naming the field (signed out too)', async () => {
    const res = await new TestClient(t.app).post('/api/user/auth/login', {
      login: 'a\u0000b',
      password: 'whatever-123',
    });
    refusedField(res, 'login');
  });

  it('refuses control characters in query strings and path values, naming the parameter', async () => {
    refusedField(await admin.get('/api/admin/mail/outbox?search=%00'), 'search');
    refusedField(await admin.get('/api/admin/servers?status=%00'), 'status');
    // A query value is one line: a line break is refused there too.
    refusedField(await admin.get('/api/admin/users?search=a%0Ab'), 'search');
    refusedField(await admin.get('/api/admin/mail-templates/welcome%00'), 'id');
  });

  it('allows tab and line breaks in body text, refuses the other controls in nested values', async () => {
    const dept = await department(admin);
    const { client } = await signedUpMember(t.app);
    const ok = await client.post('/api/tickets', {
      department_id: dept.id,
      subject: 'Two\tcolumns',
      message: 'First line\r\nsecond line\n',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    refusedField(
      await admin.post('/api/admin/announcements', { title: 'News', body: 'Hi', tags: ['ok', 'b\u001bad'] }),
      'tags.1',
    );
  });

  it('applies the same rule to multipart form fields', async () => {
    const dept = await department(admin);
    const { client } = await signedUpMember(t.app);
    const res = await postForm(client, '/api/tickets', { department_id: dept.id, subject: 'a\u0000b', message: 'x' });
    refusedField(res, 'subject');
  });
});

describe('line breaks', () => {
  const refusedBreak = (res: { statusCode: number; json(): Record<string, unknown> }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', fields: { [field]: LINE_BREAK_MESSAGE } });
  };

  it('are refused inside a one-line field (names, subjects, titles), JSON and multipart alike', async () => {
    const dept = await department(admin);
    const { client } = await signedUpMember(t.app);
    const names = { first_name: 'Ann', last_name: 'Lee', public_profile: true };
    refusedBreak(
      await client.patch('/api/account/profile', { ...names, first_name: 'Ann\nBcc: x@example.com' }),
      'first_name',
    );
    refusedBreak(
      await client.post('/api/tickets', { department_id: dept.id, subject: 'Help\r\nplease', message: 'x' }),
      'subject',
    );
    refusedBreak(
      await postForm(client, '/api/tickets', { department_id: dept.id, subject: 'Help\nplease', message: 'x' }),
      'subject',
    );
    refusedBreak(await admin.post('/api/admin/announcements', { title: 'News\nflash', body: 'Hi' }), 'title');
    // Leading and trailing breaks are trimmed away, as spaces are.
    const trimmed = await client.patch('/api/account/profile', { ...names, first_name: '\nAnn\n' });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json().data.first_name).toBe('Ann');
  });

  it('are refused in a one-line setting and kept in a setting that spans lines', async () => {
    refusedBreak(await admin.patch('/api/admin/settings', { values: { app_name: 'Host\ndeck' } }), 'app_name');
    const lists = await admin.patch('/api/admin/settings', {
      values: { vpn_block_lists: 'https://example.com/a.txt\nhttps://example.com/b.txt' },
    });
    expect(lists.statusCode, lists.body).toBe(200);
  });
});

describe('a body of a type the route does not take', () => {
  it('answers 415 naming what the route takes, an upload its multipart form', async () => {
    const as = (url: string) =>
      admin.request({
        method: 'POST',
        url,
        payload: 'raw bytes',
        headers: { 'content-type': 'application/octet-stream' },
      });
    expect((await as('/api/user/images')).json()).toMatchObject({
      error_code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send multipart/form-data',
    });
    expect((await as('/api/admin/announcements')).json()).toMatchObject({
      error_code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send JSON (application/json)',
    });
  });
});

describe('malformed multipart bodies', () => {
  it('answer 400 MULTIPART_INVALID on every form route, never 500', async () => {
    const dept = await department(admin);
    const { client } = await signedUpMember(t.app);
    const ticket = await openTicket(client, dept.id);
    const routes: [TestClient, string][] = [
      [client, '/api/tickets'],
      [client, `/api/tickets/${ticket.id}/messages`],
      [admin, `/api/admin/tickets/${ticket.id}/messages`],
      [admin, '/api/admin/images'],
    ];
    const bodies = [
      { 'content-type': 'multipart/form-data', payload: 'garbage' },
      {
        'content-type': 'multipart/form-data; boundary=XyZ',
        payload: '--XyZ\r\nContent-Disposition: form-data; name="message"\r\n\r\nhel',
      },
    ];
    for (const [who, url] of routes) {
      for (const { payload, ...headers } of bodies) {
        const res = await who.post(url, payload, { headers });
        expect(res.statusCode, `${url} ${headers['content-type']}: ${res.body}`).toBe(400);
        expect(res.json().error_code).toBe('MULTIPART_INVALID');
      }
    }
  });
});

describe('data the database refuses', () => {
  it('reads the SQLSTATE of this driver, wrapped by Drizzle or not', async () => {
    const err = await t.app.ctx.db.execute(sql`select ${'2147483648'}::int`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseError(err)).toMatchObject({ code: '22003' });
    expect(databaseError({ cause: { code: '22P05', severity: 'ERROR' } })).toMatchObject({ code: '22P05' });
    expect(databaseError(Object.assign(new Error('EPIPE'), { code: 'EPIPE' }))).toBeNull();
    expect(dataError({ code: '23503' })?.code).toBe('DATA_INVALID');
    expect(dataError({ code: '23503' }, 'DELETE')?.code).toBe('IN_USE'); // still referenced
    expect(dataError({ code: '23505' })?.code).toBe('ALREADY_EXISTS');
    expect(dataError({ code: '40001' })).toBeNull();
  });

  it('answers 400 DATA_INVALID for an out-of-range value, without the database message or the value', async () => {
    const res = await admin.get('/api/admin/locations/2147483648');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error_code: 'DATA_INVALID',
      message: 'A value is out of range or in a form that cannot be stored',
    });
  });
});
