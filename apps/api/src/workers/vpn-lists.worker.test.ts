import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { checkVpnLists } from '../modules/abuse/vpn-health.ts';

/** A list host whose answer the test changes: a text body, or an HTTP status to fail with. */
function listHost() {
  const state = { body: '', status: 200, hits: 0 };
  const server: Server = createServer((_req, res) => {
    state.hits += 1;
    res.writeHead(state.status, { 'content-type': 'text/plain' });
    res.end(state.status === 200 ? state.body : 'upstream trouble');
  });
  return {
    state,
    server,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/vpn.txt`;
    },
  };
}

describe('VPN lists worker', () => {
  let t: TestApp;
  const host = listHost();
  let url: string;
  beforeAll(async () => {
    url = await host.listen();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    host.server.close();
  });

  it('loads the lists at start, again when the setting changes, and keeps the old table when a refresh fails', async () => {
    const { vpn, vpnLists, settings } = t.app.ctx;
    host.state.body = '192.0.2.0/24\n# comment\n2001:db8::/32\n';
    await settings.update({ vpn_block_lists: url, vpn_refresh_minutes: 60 });
    vpnLists.start();
    await vpnLists.tick();
    expect(vpn.status()).toMatchObject({ ranges: 2, sources: 1, failed: [] });
    expect(vpn.status().refreshedAt).toBeInstanceOf(Date);
    expect(await vpn.isBlocked('192.0.2.7')).toBe(true);
    expect(await checkVpnLists(vpn)).toMatchObject({ state: 'green', reason: 'vpn.ok', params: { ranges: 2 } });

    // The provider has a bad hour: the table keeps the last good copy, and says which list failed.
    host.state.status = 503;
    const failed = await vpnLists.tick();
    expect(failed?.failed).toEqual([{ source: url, error: 'HTTP 503' }]);
    expect(await vpn.isBlocked('192.0.2.7')).toBe(true);
    expect(await vpn.isBlocked('2001:db8::1')).toBe(true);
    expect(await checkVpnLists(vpn)).toMatchObject({ state: 'amber', reason: 'vpn.failed', params: { failed: 1 } });

    // Back up with a new list: the table follows it.
    host.state.status = 200;
    host.state.body = '198.51.100.0/24\n';
    await vpnLists.tick();
    expect(await vpn.isBlocked('192.0.2.7')).toBe(false);
    expect(await vpn.isBlocked('198.51.100.1')).toBe(true);

    // A change of the setting reloads at once (the worker watches it); no lists: an empty table.
    const hits = host.state.hits;
    await settings.update({ vpn_block_lists: '' });
    await expect.poll(() => vpn.status().sources).toBe(0);
    expect(vpn.status().ranges).toBe(0);
    expect(host.state.hits).toBe(hits);
    await vpnLists.stop();
  });

  it('keeps nothing for a source that never loaded, and counts unreadable lines', async () => {
    const { vpn, settings } = t.app.ctx;
    host.state.body = '192.0.2.1\nnot an address\n';
    await settings.update({ vpn_block_lists: `${url}\n/nonexistent/vpn-list.txt` });
    const status = await vpn.refresh();
    expect(status).toMatchObject({ ranges: 1, sources: 2, invalidLines: 1 });
    expect(status.failed.map((f) => f.source)).toEqual(['/nonexistent/vpn-list.txt']);
  });
});
