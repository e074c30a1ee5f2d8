import type { TicketUnread } from '@hostdeck/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';

/** The bell's part in the start-up code: kept tiny; the socket itself loads as its own chunk. */
export const ticketUnreadKey = ['tickets', 'unread'] as const;

/** My tickets with unread staff replies (empty while tickets are off). */
export function useUnreadTickets() {
  return useQuery({
    queryKey: ticketUnreadKey,
    queryFn: () => api<TicketUnread>('/api/tickets/unread'),
    refetchInterval: 5 * 60_000,
  });
}

/** While mounted (the signed-in top bar), the notifications socket keeps the bell's queries fresh. */
export function useLiveNotifications() {
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    import('./live.ts').then(
      (m) => {
        if (!gone) stop = m.connect(client);
      },
      () => undefined, // Offline or a new deployment: the bell keeps polling.
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [client]);
}
