import { ADBLOCK_CHECK_QUERY, AFK_CLOSE, type AfkServerMessage, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type AfkPhase = 'connecting' | 'earning' | 'capped' | 'taken_over' | 'disabled' | 'refused' | 'lost';

export interface AfkState {
  phase: AfkPhase;
  intervalSeconds: number;
  coinsPerInterval: number;
  dailyCap: number;
  earnedToday: number;
  /** Coins this page has earned since it connected. */
  earnedHere: number;
  balance: number | null;
  minutes: number | null;
  /** When the current interval started (ms), for the countdown. */
  intervalStartedAt: number;
  /** Why the server refused to start earning (an error code), in phase 'refused'. */
  refusal?: string;
}

/** Before the server has said anything. */
export const initialAfkState: AfkState = {
  phase: 'connecting',
  intervalSeconds: 60,
  coinsPerInterval: 0,
  dailyCap: 0,
  earnedToday: 0,
  earnedHere: 0,
  balance: null,
  minutes: null,
  intervalStartedAt: Date.now(),
};

/** What a server message does to the page's state (pure, so it is tested on its own). */
export function afkReducer(state: AfkState, message: AfkServerMessage, now = Date.now()): AfkState {
  switch (message.type) {
    case 'welcome':
      return {
        ...state,
        phase: message.earned_today >= message.daily_cap ? 'capped' : 'earning',
        intervalSeconds: message.interval_seconds,
        coinsPerInterval: message.coins_per_interval,
        dailyCap: message.daily_cap,
        earnedToday: message.earned_today,
        intervalStartedAt: now,
      };
    case 'earned':
      return {
        ...state,
        earnedToday: message.earned_today,
        earnedHere: state.earnedHere + message.amount,
        balance: message.balance,
        minutes: message.minutes,
        intervalStartedAt: now,
      };
    case 'capped':
      return { ...state, phase: 'capped', earnedToday: message.earned_today, dailyCap: message.daily_cap };
    case 'taken_over':
      return { ...state, phase: 'taken_over' };
    case 'disabled':
      return { ...state, phase: 'disabled' };
    case 'refused':
      return { ...state, phase: 'refused', refusal: message.error_code };
  }
}

/** The server is restarting (a rolling restart): connect again, the balancer picks another instance. */
export function isRestartClose(code: number, reason: string): boolean {
  return code === AFK_CLOSE.restart || reason === WS_RECONNECT_REASON;
}

/** Restart closes in a row (no welcome between them) followed before the page gives up as lost. */
export const MAX_RESTART_RECONNECTS = 5;

/** Milliseconds before connecting again after a restart close: spread so pages do not all return at once. */
export function restartReconnectDelay(random: () => number = Math.random): number {
  return 500 + Math.floor(random() * 1500);
}

/**
 * The AFK socket: opens it, follows the page's visibility (hidden time earns nothing), and reports
 * each payout. A restart close (1012, "reconnect") connects again after a short pause, keeping what
 * this page earned; any other close the server did not explain is a lost connection (the page shows /ws).
 */
export function useAfkSocket(onEarned: () => void, adblockToken: string | null = null) {
  const [state, setState] = useState<AfkState>(initialAfkState);
  const socketRef = useRef<WebSocket | null>(null);
  const cleanupRef = useRef<() => void>(() => undefined);
  const earnedRef = useRef(onEarned);
  earnedRef.current = onEarned;
  const restartsRef = useRef(0);

  const connect = useCallback(
    (resume = false) => {
      cleanupRef.current();
      if (!resume) restartsRef.current = 0;
      setState((s) =>
        resume
          ? {
              ...initialAfkState,
              earnedHere: s.earnedHere,
              balance: s.balance,
              minutes: s.minutes,
              intervalStartedAt: Date.now(),
            }
          : { ...initialAfkState, intervalStartedAt: Date.now() },
      );
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      // Sockets carry no custom headers: the anti-adblock token travels in the query.
      const query = adblockToken ? `?${ADBLOCK_CHECK_QUERY}=${encodeURIComponent(adblockToken)}` : '';
      const socket = new WebSocket(`${scheme}://${window.location.host}/api/earn/afk/ws${query}`);
      socketRef.current = socket;
      const sendVisibility = () => {
        if (socket.readyState === WebSocket.OPEN)
          socket.send(JSON.stringify({ type: 'visibility', visible: document.visibilityState === 'visible' }));
      };
      socket.addEventListener('open', sendVisibility);
      let retry: number | undefined;
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as AfkServerMessage;
        if (message.type === 'welcome') restartsRef.current = 0;
        setState((s) => afkReducer(s, message));
        if (message.type === 'earned') earnedRef.current();
      });
      socket.addEventListener('close', (event) => {
        if (socketRef.current !== socket) return;
        if (isRestartClose(event.code, event.reason) && restartsRef.current < MAX_RESTART_RECONNECTS) {
          restartsRef.current += 1;
          setState((s) => ({ ...s, phase: 'connecting' }));
          retry = window.setTimeout(() => {
            if (socketRef.current === socket) connect(true);
          }, restartReconnectDelay());
          return;
        }
        const explained = [AFK_CLOSE.takenOver, AFK_CLOSE.disabled, AFK_CLOSE.refused, 1000].includes(
          event.code as never,
        );
        setState((s) =>
          explained || s.phase === 'taken_over' || s.phase === 'disabled' || s.phase === 'refused'
            ? s
            : { ...s, phase: 'lost' },
        );
      });
      document.addEventListener('visibilitychange', sendVisibility);
      cleanupRef.current = () => {
        window.clearTimeout(retry);
        document.removeEventListener('visibilitychange', sendVisibility);
        socketRef.current = null;
        socket.close(1000, 'Page closed');
      };
    },
    [adblockToken],
  );

  useEffect(() => {
    connect();
    return () => cleanupRef.current();
  }, [connect]);
  const reconnect = useCallback(() => connect(), [connect]);
  return { state, reconnect };
}
