// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClientTestApi, messageKeys, panelLanguages, TestApiError } from '../../client-test-api.ts';
import install, { translations } from '../client.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const status = (over: Record<string, unknown> = {}) => ({
  claimed_today: false,
  streak: 2,
  next_reward: 14,
  next_claim_at: '2025-03-01T00:00:00.000Z',
  balance: 100,
  ...over,
});

function mount(answer: (path: string, method: string) => unknown) {
  const t = createClientTestApi({
    identifier: 'daily-reward',
    request: async (path, init) => answer(path, init?.method ?? 'GET'),
  });
  install(t.api);
  render(createElement(t.component('dashboard.cards'), { member: { id: 'u1', username: 'steve' }, subject: null }));
  return t;
}

describe('daily-reward card', () => {
  it('registers a dashboard card and messages in the six languages, each with every key', () => {
    const t = createClientTestApi({ identifier: 'daily-reward' });
    install(t.api);
    expect(t.slots.map((s) => s.slot)).toEqual(['dashboard.cards']);
    expect(Object.keys(t.translations).sort()).toEqual([...panelLanguages].sort());
    const keys = messageKeys(translations.en);
    for (const lng of panelLanguages) {
      expect(messageKeys(t.translations[lng] ?? {}), lng).toEqual(keys);
      if (lng !== 'en') expect(t.translations[lng]?.claim, lng).not.toBe(translations.en.claim);
    }
  });

  it('shows the streak and today’s reward, claims, then shows the new balance and when the next claim opens', async () => {
    let claimed = false;
    const t = mount((path, method) => {
      if (path === '/claim' && method === 'POST') {
        claimed = true;
        return status({
          claimed_today: true,
          streak: 3,
          next_reward: 16,
          next_claim_at: '2025-03-02T00:00:00.000Z',
          balance: 114,
          reward: 14,
        });
      }
      return claimed ? status({ claimed_today: true, streak: 3, balance: 114 }) : status();
    });
    expect(await screen.findByTestId('daily-reward-streak')).toHaveProperty('textContent', '2');
    expect(screen.getByTestId('daily-reward-next').textContent).toBe('+14');
    expect(screen.getByText("Today's reward")).toBeTruthy();
    const button = screen.getByTestId('daily-reward-claim') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('daily-reward-balance').textContent).toBe('114'));
    expect(screen.getByTestId('daily-reward-streak').textContent).toBe('3');
    expect(screen.getByTestId('daily-reward-message').textContent).toBe('Reward claimed: +14 coins.');
    expect((screen.getByTestId('daily-reward-claim') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('daily-reward-claim').textContent).toBe('Claimed today');
    expect(screen.getByTestId('daily-reward-next-claim').textContent).toMatch(/^Next claim opens .*2025/);
    expect(t.requests).toEqual([
      { path: '/status', method: 'GET' },
      { path: '/claim', method: 'POST' },
    ]);
  });

  it('disables the button when today is already claimed', async () => {
    mount(() => status({ claimed_today: true, next_claim_at: '2999-01-01T00:00:00.000Z' }));
    await waitFor(() => expect((screen.getByTestId('daily-reward-claim') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText("Tomorrow's reward")).toBeTruthy();
  });

  it('says so when another tab claimed first, and shows the fresh status', async () => {
    let claimed = false;
    mount((path) => {
      if (path === '/claim') {
        claimed = true;
        throw new TestApiError(409, 'ALREADY_CLAIMED');
      }
      return status({ claimed_today: claimed, next_claim_at: '2999-01-01T00:00:00.000Z' });
    });
    fireEvent.click(await screen.findByTestId('daily-reward-claim'));
    await waitFor(() =>
      expect(screen.getByTestId('daily-reward-message').textContent).toBe('You have already claimed today.'),
    );
    await waitFor(() => expect((screen.getByTestId('daily-reward-claim') as HTMLButtonElement).disabled).toBe(true));
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let calls = 0;
    mount(() => {
      calls += 1;
      if (calls === 1) throw new TestApiError(500, 'INTERNAL');
      return status();
    });
    fireEvent.click(await screen.findByText('Try again'));
    expect(await screen.findByTestId('daily-reward-streak')).toBeTruthy();
  });

  it('opens again by itself when the next UTC day starts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2025-03-01T23:50:00Z'));
    const t = createClientTestApi({
      identifier: 'daily-reward',
      request: async () =>
        Date.now() < Date.parse('2025-03-02T00:00:00Z')
          ? status({ claimed_today: true, next_claim_at: '2025-03-02T00:00:00.000Z' })
          : status({ next_claim_at: '2025-03-02T00:00:00.000Z' }),
    });
    install(t.api);
    await act(async () => {
      render(createElement(t.component('dashboard.cards'), { member: null, subject: null }));
    });
    expect((screen.getByTestId('daily-reward-claim') as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    expect(t.requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(t.requests).toHaveLength(2);
    expect((screen.getByTestId('daily-reward-claim') as HTMLButtonElement).disabled).toBe(false);
  });
});
