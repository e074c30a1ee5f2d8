import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeCatalogue } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { serverQueue } from '../../db/schema/index.ts';
import type { LocalBus } from '../../lib/bus.ts';
import { enqueueMail, MailOutbox } from '../mail/mail.service.ts';

const TOKEN = 'metrics-token-metrics-token-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

const scrape = (authorization = `Bearer ${TOKEN}`) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

/** The value of one series in the text format, 0 when absent. */
async function value(name: string, labels = ''): Promise<number> {
  const res = await scrape();
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  it('answers 404 while METRICS_TOKEN is unset', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await off.close();
    }
  });

  it('answers 401 without a token and 403 with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await scrape('Bearer not-the-metrics-token-at-all');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error_code).toBe('FORBIDDEN');
    expect((await scrape(TOKEN)).statusCode).toBe(403); // no "Bearer " scheme
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    const id = randomUUID();
    const before = await value('http_requests_total', 'method="GET",route="/api/servers/:id",status="401"');
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/servers/${id}` });
    // GETs of unknown paths are the client's history fallback (/*); no route at all is "unmatched".
    await t.app.inject({ method: 'POST', url: `/no-such-route/${id}` });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toContain(id);
    expect(await value('http_requests_total', 'method="GET",route="/api/servers/:id",status="401"')).toBe(before + 3);
    expect(await value('http_requests_total', 'method="POST",route="unmatched",status="404"')).toBeGreaterThanOrEqual(
      1,
    );
    expect(res.body).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/servers/:id"}',
    );
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('reports the server queue depth and the age of its oldest pending item', async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const { locationId, eggId } = await makeCatalogue(root);
    const { id: userId } = await signedUpMember(t.app);
    const pending = await value('server_queue_depth', 'status="pending"');
    const building = await value('server_queue_depth', 'status="building"');
    const item = {
      userId,
      locationId,
      eggId,
      name: 'Metrics',
      memory: 512,
      cpu: 50,
      disk: 1024,
      ports: 1,
      databases: 0,
      backups: 0,
    };
    await t.app.ctx.db
      .insert(serverQueue)
      .values([{ ...item, createdAt: new Date(Date.now() - 3_600_000) }, { ...item }, { ...item, status: 'building' }]);
    expect(await value('server_queue_depth', 'status="pending"')).toBe(pending + 2);
    expect(await value('server_queue_depth', 'status="building"')).toBe(building + 1);
    expect(await value('server_queue_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
  });

  it('reports the mail outbox size and counts the outbox worker passes', async () => {
    const pending = await value('mail_outbox_size', 'status="pending"');
    for (const to of ['a@example.com', 'b@example.com'])
      await enqueueMail(t.app.ctx.db, { to, subject: 'Hello', text: 'Hi' });
    expect(await value('mail_outbox_size', 'status="pending"')).toBe(pending + 2);

    // Without SMTP a pass holds the mails: counted as a run, and the outbox reports them as held.
    const runs = await value('worker_runs_total', 'worker="mail-outbox"');
    await t.app.ctx.mail.runOnce();
    expect(await value('worker_runs_total', 'worker="mail-outbox"')).toBe(runs + 1);
    expect(await value('mail_outbox_size', 'status="pending"')).toBe(0);
    expect(await value('mail_outbox_size', 'status="held"')).toBeGreaterThanOrEqual(2);
  });

  it('counts failed jobs of a worker', async () => {
    await enqueueMail(t.app.ctx.db, { to: 'c@example.com', subject: 'Hello', text: 'Hi' });
    const down = new MailOutbox(
      t.app.ctx.db,
      {
        configured: () => true,
        send: async () => Promise.reject(new Error('SMTP is down')),
        sendNow: async () => {},
      },
      t.app.log,
    );
    down.meter = t.app.ctx.metrics.workers;
    const failures = await value('worker_failures_total', 'worker="mail-outbox"');
    const sent = await down.runOnce();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await value('worker_failures_total', 'worker="mail-outbox"')).toBe(failures + sent);
  });

  it('counts session cache hits and misses', async () => {
    const { client } = await signedUpMember(t.app);
    const hits = await value('session_cache_hits_total', 'cache="session"');
    await client.get('/api/user/session');
    await client.get('/api/user/session');
    expect(await value('session_cache_hits_total', 'cache="session"')).toBeGreaterThanOrEqual(hits + 2);
    expect(await value('session_cache_misses_total', 'cache="user"')).toBeGreaterThanOrEqual(1);
  });

  it("counts the member cache's hits and misses", async () => {
    const { client } = await signedUpMember(t.app);
    const hits = await value('member_cache_hits_total', '');
    const misses = await value('member_cache_misses_total', '');
    await client.get('/api/store');
    await client.get('/api/store');
    expect(await value('member_cache_misses_total', '')).toBe(misses + 1);
    expect(await value('member_cache_hits_total', '')).toBe(hits + 1);
  });

  it('counts the times the bus made every cached copy read again', async () => {
    const before = await value('bus_catch_ups_total', '');
    (t.app.ctx.bus as LocalBus).missed();
    expect(await value('bus_catch_ups_total', '')).toBe(before + 1);
    expect(await value('bus_unsent_total', '')).toBe(0);
    expect(await value('bus_listening', '')).toBe(1);
    t.app.ctx.bus.stats.listening = false;
    try {
      expect(await value('bus_listening', '')).toBe(0);
    } finally {
      t.app.ctx.bus.stats.listening = true;
    }
  });
});
