import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example.com' });
});
afterAll(() => t.close());

describe('first-run setup', () => {
  it('creates the first Administrator with the one-time link, once', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/api/user/auth/setup')).json()).toEqual({ success: true, setup_required: true });
    const link = await t.app.ctx.auth.issueSetupToken();
    expect(link).toMatch(/^https:\/\/panel\.example\.com\/auth\/setup\?token=/);
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);

    const bad = await client.post('/api/user/auth/setup', { ...newMember(), token: 'x'.repeat(43) });
    expect(bad.json().error_code).toBe('SETUP_TOKEN_INVALID');

    const admin = newMember();
    const { username, email, password, first_name, last_name } = admin;
    const ok = await client.post('/api/user/auth/setup', { username, email, password, first_name, last_name, token });
    expect(ok.statusCode).toBe(201);
    const session = (await client.get('/api/user/session')).json();
    expect(session.user_info).toMatchObject({ username, role: 8, role_name: 'administrator' });
    expect(session.permissions).toContain('admin.root');

    const again = await new TestClient(t.app).post('/api/user/auth/setup', { ...newMember(), token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('SETUP_ALREADY_DONE');
    expect(await t.app.ctx.auth.issueSetupToken()).toBeNull();
    expect((await client.get('/api/user/auth/setup')).json().setup_required).toBe(false);
  });

  it('never makes a plain sign-up an administrator', async () => {
    const client = new TestClient(t.app);
    await client.post('/api/user/auth/register', newMember());
    const session = (await client.get('/api/user/session')).json();
    expect(session.user_info.role).toBe(1);
    expect(session.permissions).toEqual([]);
  });
});
