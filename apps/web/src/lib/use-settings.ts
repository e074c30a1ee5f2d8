import { useSyncExternalStore } from 'react';
import { settingsStore } from './settings-store.ts';

export function useSettingsState() {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.getState);
}

/** A setting's value; before initialization this starts the fetch and reads "Fetching settings...". */
export function useSetting<T = string | number | boolean>(key: string): T {
  useSettingsState();
  return settingsStore.get(key) as T;
}
