import { useSyncExternalStore } from 'react';
import { sessionManager } from './session-manager.ts';

export function useSession() {
  return useSyncExternalStore(sessionManager.subscribe, sessionManager.getState);
}
