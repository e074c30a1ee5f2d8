import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' });
});
afterAll(() => t.close());

const requestLines = () => t.app.ctx.logs.recent('trace', 500).filter((l) => l.context.req);

describe('request log', () => {
  it('writes one line per request with its route and status, and never the query string', async () => {
    const before = requestLines().length;
    const res = await t.app.inject({ method: 'GET', url: '/api/user/auth/link?token=secret-sign-in-token&x=1' });
    const lines = requestLines();
    expect(lines.length).toBe(before + 1);
    const [line] = lines;
    expect(line!.message).toBe('request completed');
    expect(line!.context).toMatchObject({
      req: { method: 'GET', url: '/api/user/auth/link' },
      res: { statusCode: res.statusCode },
    });
    expect(typeof line!.context.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret-sign-in-token');
  });

  it('still redacts credentials in the other lines', async () => {
    t.app.log.warn({ password: 'hunter2', nested: { token: 't0ken' } }, 'careless line');
    const [line] = t.app.ctx.logs.recent('warn', 1);
    expect(line!.message).toBe('careless line');
    expect(JSON.stringify(line)).not.toMatch(/hunter2|t0ken/);
  });
});
