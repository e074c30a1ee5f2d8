import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from './live.ts';
import { ticketUnreadKey } from './unread.ts';

/** A stand-in WebSocket the test drives: open, message, close. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.all = [];
  setHidden(false);
});

function start() {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (f) => {
    invalidated.push(f?.queryKey);
  });
  return { client, invalidated, stop: connect(client) };
}

describe('the notifications socket (client)', () => {
  it('opens one socket; a notify message refreshes only the bell query it names', () => {
    const { invalidated, stop } = start();
    expect(FakeSocket.all.map((s) => new URL(s.url).pathname)).toEqual(['/api/notifications/ws']);
    const ws = FakeSocket.all[0]!;
    ws.onopen?.();
    ws.onmessage?.({ data: '{"type":"ready"}' });
    expect(invalidated).toEqual([]);
    ws.onmessage?.({ data: '{"type":"notify","kind":"ticket"}' });
    expect(invalidated).toEqual([ticketUnreadKey]);
    ws.onmessage?.({ data: '{"type":"notify","kind":"announcement"}' });
    expect(invalidated).toEqual([ticketUnreadKey, ['announcements']]);
    ws.onmessage?.({ data: 'not json' });
    stop();
    expect(ws.closed).toBe(true);
  });

  it('reconnects after a drop with a growing delay, and refreshes both counts when back', () => {
    const { invalidated, stop } = start();
    FakeSocket.all[0]!.onopen?.();
    FakeSocket.all[0]!.close();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.close(); // refused before opening: the next wait doubles
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    FakeSocket.all[2]!.onopen?.();
    expect(invalidated).toEqual([['announcements'], ticketUnreadKey]);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('closes while the tab is hidden and opens again when it is shown', () => {
    const { stop } = start();
    setHidden(true);
    expect(FakeSocket.all[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    setHidden(false);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });
});
