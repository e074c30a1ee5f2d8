import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statuses = async (url: string, n: number, ip: string) => {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode);
  return codes;
};

describe('global rate limit from settings', () => {
  it('limits API calls per client to rate_limit_per_minute, with the RATE_LIMITED envelope', async () => {
    await t.app.ctx.settings.update({ rate_limit_per_minute: 10 });
    const codes = await statuses('/api/system/settings', 11, '10.1.1.1');
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const res = await t.app.inject({ method: 'GET', url: '/api/system/settings', remoteAddress: '10.1.1.1' });
    expect(res.json()).toEqual({
      success: false,
      error_code: 'RATE_LIMITED',
      message: 'You have been rate limited. Please try again later.',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/system/settings', remoteAddress: '10.1.1.2' })).statusCode,
    ).toBe(200);
  });

  it('never limits the client files, and is off when rate_limit_enabled is false', async () => {
    await t.app.ctx.settings.update({ rate_limit_per_minute: 10 });
    expect((await statuses('/dashboard', 15, '10.2.2.2')).includes(429)).toBe(false);
    // Nor hosted images, their pages and their direct links: one forum thread embeds many.
    for (const url of ['/i/AAAAAAAAAAAA', '/i/AAAAAAAAAAAA.png', '/i/AAAAAAAAAAAA/raw'])
      expect((await statuses(url, 15, '10.2.2.3')).includes(429)).toBe(false);
    expect((await statuses('/api/system/settings', 1, '10.2.2.3'))[0]).toBe(200);
    await t.app.ctx.settings.update({ rate_limit_enabled: false });
    expect((await statuses('/api/system/settings', 15, '10.3.3.3')).includes(429)).toBe(false);
    await t.app.ctx.settings.update({ rate_limit_enabled: null, rate_limit_per_minute: null });
  });
});
