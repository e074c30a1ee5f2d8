import type { NotifyKind, NotifyMessage } from '@hostdeck/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ticketUnreadKey } from './unread.ts';

const MAX_DELAY = 30_000;
/** NOTIFY_WS_PATH of the contract, written out: a value from the contract would bring zod into this chunk. */
const PATH = '/api/notifications/ws';

/**
 * The notifications socket (decision 0030): one per tab, open while the tab is visible, reopened
 * with a growing delay (1 s doubling to 30 s) when it drops. A message only names what changed,
 * and the bell asks again; after a gap (hidden tab, dropped socket) it asks for both.
 */
export function connect(client: QueryClient): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let opened = false;
  let stopped = false;

  const refresh = (kind?: NotifyKind) => {
    if (kind !== 'ticket') void client.invalidateQueries({ queryKey: ['announcements'] });
    if (kind !== 'announcement') void client.invalidateQueries({ queryKey: ticketUnreadKey });
  };
  const open = () => {
    clearTimeout(timer);
    if (stopped || socket || document.hidden) return;
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PATH}`);
    socket = ws;
    ws.onopen = () => {
      failures = 0;
      if (opened) refresh();
      opened = true;
    };
    ws.onmessage = (e) => {
      try {
        const m = JSON.parse(String(e.data)) as NotifyMessage;
        if (m.type === 'notify') refresh(m.kind);
      } catch {
        // Not ours: ignored.
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      timer = setTimeout(open, Math.min(MAX_DELAY, 1000 * 2 ** failures++));
    };
  };
  const close = () => {
    clearTimeout(timer);
    const s = socket;
    socket = null;
    s?.close();
  };
  const onVisibility = () => (document.hidden ? close() : open());

  document.addEventListener('visibilitychange', onVisibility);
  open();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}
