import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { authApi } from './api.ts';

/** Longer than the server ever needs; past it the page offers a retry instead of waiting on. */
export const SETUP_TIMEOUT_MS = 30_000;

export type TwoFactorSetup = { secret: string; qr_code: string };
type State = { kind: 'loading' } | { kind: 'ready'; setup: TwoFactorSetup } | { kind: 'failed'; error: ApiError };

/**
 * Starts the two-factor setup (each start makes a new secret on the server) once per attempt,
 * even when effects run twice in development, and shows only the newest attempt's key: an
 * answer that arrives for an older attempt would show a key the server no longer holds. A call
 * that fails or does not answer in time ends as `failed`; `retry` starts a new attempt.
 */
export function useTwoFactorSetup() {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(-1);
  const current = useRef(0);

  useEffect(() => {
    current.current = attempt;
    if (started.current === attempt) return;
    started.current = attempt;
    const abort = new AbortController();
    const settle = (next: State) => {
      clearTimeout(timer);
      if (current.current === attempt) setState(next);
    };
    const timer = setTimeout(() => {
      abort.abort();
      settle({ kind: 'failed', error: new ApiError(0, 'NETWORK_ERROR', 'The server did not answer in time') });
    }, SETUP_TIMEOUT_MS);
    authApi.begin2fa(abort.signal).then(
      (setup) => settle({ kind: 'ready', setup }),
      (err: unknown) =>
        settle({ kind: 'failed', error: err instanceof ApiError ? err : new ApiError(0, 'SERVER_ERROR', String(err)) }),
    );
  }, [attempt]);

  useEffect(
    () => () => {
      current.current = -1; // unmounted: nothing lands any more
    },
    [],
  );

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { state, retry };
}
