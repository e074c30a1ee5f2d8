import { AFK_CLOSE, type AfkServerMessage, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRestartClose, restartReconnectDelay, useAfkSocket } from './use-afk-socket.ts';

/** The browser's WebSocket as the hook uses it: the test plays the server's side of each socket. */
class BrowserSocket extends EventTarget {
  static readonly OPEN = 1;
  static opened: BrowserSocket[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    BrowserSocket.opened.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  receive(message: AfkServerMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  closedByServer(code: number, reason = '') {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code, reason }));
  }
}

const welcome: AfkServerMessage = {
  type: 'welcome',
  interval_seconds: 60,
  coins_per_interval: 2,
  daily_cap: 100,
  earned_today: 0,
};

beforeEach(() => {
  BrowserSocket.opened = [];
  vi.stubGlobal('WebSocket', BrowserSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the AFK socket and a server restart', () => {
  it('reads 1012 or the "reconnect" reason as a restart, and spreads reconnections over 0.5 to 2 s', () => {
    expect(isRestartClose(AFK_CLOSE.restart, '')).toBe(true);
    expect(isRestartClose(1001, WS_RECONNECT_REASON)).toBe(true);
    expect(isRestartClose(1006, '')).toBe(false);
    expect(isRestartClose(AFK_CLOSE.takenOver, 'AFK continues in another tab')).toBe(false);
    expect([0, 0.5, 0.999].map((r) => restartReconnectDelay(() => r))).toEqual([500, 1250, 1998]);
  });

  it('connects again after a restart close, keeping what this page earned', async () => {
    const { result } = renderHook(() => useAfkSocket(() => undefined));
    const first = BrowserSocket.opened[0]!;
    act(() => {
      first.receive(welcome);
      first.receive({ type: 'earned', amount: 2, balance: 52, earned_today: 2, minutes: 1 });
    });
    expect(result.current.state).toMatchObject({ phase: 'earning', earnedHere: 2 });

    act(() => first.closedByServer(AFK_CLOSE.restart, WS_RECONNECT_REASON));
    expect(result.current.state.phase).toBe('connecting');
    await waitFor(() => expect(BrowserSocket.opened).toHaveLength(2));
    const second = BrowserSocket.opened[1]!;
    expect(second.url).toBe(first.url);
    act(() => second.receive(welcome));
    expect(result.current.state).toMatchObject({ phase: 'earning', earnedHere: 2, balance: 52 });
  });

  it('treats a close without an explanation as a lost connection (no reconnect of its own)', () => {
    const { result } = renderHook(() => useAfkSocket(() => undefined));
    act(() => BrowserSocket.opened[0]!.receive(welcome));
    act(() => BrowserSocket.opened[0]!.closedByServer(1006));
    expect(result.current.state.phase).toBe('lost');
    expect(BrowserSocket.opened).toHaveLength(1);
  });
});
