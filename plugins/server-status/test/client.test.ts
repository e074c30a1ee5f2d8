// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClientTestApi, messageKeys, panelLanguages, TestApiError } from '../../client-test-api.ts';
import install, { translations } from '../client.js';
import type { ServerStatus } from '../server.js';

const MIB = 1024 * 1024;
const server = (over: Partial<ServerStatus> = {}): ServerStatus => ({
  id: 's1',
  name: 'Survival',
  status: 'active',
  state: 'running',
  live: true,
  memory: { used: 512 * MIB, limit: 2048 * MIB, percent: 25 },
  disk: { used: 9216 * MIB, limit: 10240 * MIB, percent: 90 },
  cpu: { used: 50, limit: null, percent: null },
  ...over,
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets the answered request settle and React render it. */
const settle = () => act(async () => {});

async function mount(answer: () => unknown, language = 'en') {
  const t = createClientTestApi({ identifier: 'server-status', language, request: async () => answer() });
  install(t.api);
  await act(async () => {
    render(createElement(t.component('dashboard.cards'), { member: { id: 'u1', username: 'steve' }, subject: null }));
  });
  return t;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  setVisibility('visible');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('server-status card', () => {
  it('registers a dashboard card and messages in the six languages, each with every key', () => {
    const t = createClientTestApi({ identifier: 'server-status' });
    install(t.api);
    expect(t.slots.map((s) => s.slot)).toEqual(['dashboard.cards']);
    const keys = messageKeys(translations.en);
    for (const lng of panelLanguages) {
      expect(messageKeys(t.translations[lng] ?? {}), lng).toEqual(keys);
      if (lng !== 'en') expect(t.translations[lng]?.title, lng).not.toBe(translations.en.title);
    }
  });

  it('lists each server with its state and meters', async () => {
    await mount(() => ({ refresh_seconds: 30, servers: [server()] }));
    expect(screen.getByTestId('server-status-state').textContent).toBe('Running');
    const memory = screen.getByTestId('server-status-memory');
    expect(memory.textContent).toBe('Memory512 MB of 2 GB');
    expect(memory.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('server-status-disk').querySelector('.ss-bar')?.getAttribute('class')).toBe(
      'ss-bar ss-bar--high',
    );
    expect(screen.getByTestId('server-status-cpu').textContent).toBe('CPU50% of unlimited');
    expect(screen.queryByTestId('server-status-no-usage')).toBeNull();
  });

  it('shows the limits and the panel state when no live use is reported, and says when the panel is silent', async () => {
    const noUse = { used: null, percent: null };
    await mount(() => ({
      refresh_seconds: 30,
      servers: [
        server({
          state: 'installing',
          memory: { ...noUse, limit: 1024 * MIB },
          disk: { ...noUse, limit: null },
          cpu: { ...noUse, limit: 150 },
        }),
        server({ id: 's2', state: 'active', live: false, memory: { ...noUse, limit: 512 * MIB } }),
        server({ id: 's3', state: 'hibernating', status: 'queued', live: false }),
      ],
    }));
    const rows = screen.getAllByTestId('server-status-row');
    expect(rows.map((r) => r.querySelector('[data-testid="server-status-state"]')?.textContent)).toEqual([
      'Installing',
      'Active',
      'Unknown',
    ]);
    expect(rows[0]?.querySelectorAll('[role="meter"]')).toHaveLength(0);
    expect(screen.getAllByTestId('server-status-memory')[0]?.textContent).toBe('MemoryAllotted: 1 GB');
    expect(screen.getAllByTestId('server-status-disk')[0]?.textContent).toBe('DiskAllotted: unlimited');
    expect(screen.getAllByTestId('server-status-cpu')[0]?.textContent).toBe('CPUAllotted: 150%');
    expect(screen.getByTestId('server-status-no-usage').textContent).toMatch(/does not report live use/);
    // Only the server that should be on the panel gets the note (a queued one is not there yet).
    expect(rows.map((r) => Boolean(r.querySelector('[data-testid="server-status-not-live"]')))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('speaks the member’s language', async () => {
    await mount(() => ({ refresh_seconds: 30, servers: [server()] }), 'de');
    expect(screen.getByText('Serverstatus')).toBeTruthy();
    expect(screen.getByTestId('server-status-state').textContent).toBe('Läuft');
  });

  it('says when the member has no servers, and when the status cannot be loaded', async () => {
    await mount(() => ({ refresh_seconds: 30, servers: [] }));
    expect(screen.getByText('You have no servers yet.')).toBeTruthy();
    cleanup();
    await mount(() => {
      throw new TestApiError(502, 'PANEL_UNAVAILABLE');
    });
    expect(screen.getByRole('alert').textContent).toBe('The server status could not be loaded.');
  });

  it('refreshes every refresh_seconds, pauses while the tab is hidden and catches up when it returns', async () => {
    let calls = 0;
    const t = await mount(() => {
      calls += 1;
      return {
        refresh_seconds: 20,
        servers: [server({ memory: { used: calls * 256 * MIB, limit: 2048 * MIB, percent: calls * 12.5 } })],
      };
    });
    expect(t.requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(t.requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await settle();
    expect(t.requests).toHaveLength(2);
    expect(screen.getByTestId('server-status-memory').textContent).toBe('Memory512 MB of 2 GB');

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(t.requests).toHaveLength(2);

    setVisibility('visible');
    await settle();
    expect(t.requests).toHaveLength(3);
    expect(screen.getByTestId('server-status-memory').textContent).toBe('Memory768 MB of 2 GB');
  });

  it('waits for the rest of the interval when the tab returns early', async () => {
    const t = await mount(() => ({ refresh_seconds: 30, servers: [server()] }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(t.requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(t.requests).toHaveLength(2);
  });

  it('keeps the last values when a refresh fails, and says so', async () => {
    let fail = false;
    await mount(() => {
      if (fail) throw new TestApiError(502, 'PANEL_UNAVAILABLE');
      return { refresh_seconds: 10, servers: [server()] };
    });
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('The last refresh failed; showing earlier values.');
    expect(screen.getAllByTestId('server-status-row')).toHaveLength(1);
  });
});
