import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newMember, TestClient } from '../../test/client.ts';

describe('behind a proxy', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const signUp = async (t: TestApp) => {
    const client = new TestClient(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: newMember(),
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    });
    const info = (await client.get('/api/user/session')).json().user_info;
    return { res, info, client };
  };

  it('ignores X-Forwarded-* from an untrusted peer', async () => {
    const { res } = await signUp(direct);
    expect(res.cookies.find((c) => c.name === 'user_token')?.secure).toBeFalsy();
    const [row] = await direct.database.db.query.users.findMany({ limit: 1 });
    expect(row?.firstIp).toBe('127.0.0.1');
  });

  it('takes the client address and HTTPS from a trusted proxy, and marks cookies Secure', async () => {
    const { res } = await signUp(proxied);
    expect(res.cookies.find((c) => c.name === 'user_token')?.secure).toBe(true);
    const [row] = await proxied.database.db.query.users.findMany({ limit: 1 });
    expect(row?.firstIp).toBe('203.0.113.7');
  });
});
