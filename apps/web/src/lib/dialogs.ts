import { useSyncExternalStore } from 'react';
import type { SessionDialog } from './session-manager.ts';

/** The one modal the shell shows itself (session and access dialogs of specification §8). */
let current: SessionDialog | null = null;
const listeners = new Set<() => void>();

export const dialogStore = {
  show(dialog: SessionDialog): void {
    current = dialog;
    for (const l of listeners) l();
  },
  close(): SessionDialog | null {
    const closed = current;
    current = null;
    for (const l of listeners) l();
    return closed;
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => current,
};

export function useDialog() {
  return useSyncExternalStore(dialogStore.subscribe, dialogStore.get);
}
