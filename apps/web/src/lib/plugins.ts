import type { PluginSlotName, PluginSlotProps } from '@hostdeck/plugin-sdk';
import type { ComponentType } from 'react';
import { api } from './api-client.ts';
import type { InstallOptions } from './plugin-installer.tsx';

/**
 * Client plugins (issue #18). Start-up reads the enabled plugins' list (written into index.html by the
 * server as #hostdeck-plugins; asked of the API where it is missing, as under Vite's dev server) and,
 * only when it is not empty, loads the installer (lib/plugin-installer.tsx, a chunk of its own) with
 * what renders the slots. With no plugin, the login page and the dashboard carry this file and the
 * <PluginSlot> lookup, nothing more (their budgets are tight: scripts/client-budgets.json).
 */

export interface SlotEntry {
  plugin: string;
  slot: PluginSlotName;
  component: (props: PluginSlotProps) => unknown;
  /** Lower first: the registration's order option, the plugin's place in the list, then registration order. */
  rank: [order: number, plugin: number, registration: number];
}

/** Where a slot sits in a page: its name, the wrapper's class, and whether it is a list (the sidebar). */
export interface SlotPlacement {
  name: PluginSlotName;
  className?: string;
  list?: boolean;
  /** What the page is about (the profile shown), handed to each component. */
  subject?: PluginSlotProps['subject'];
}

/** Each slot's entries in their order (filled by the installer), and what renders them (the installer's). */
export const slotRegistry: {
  entries: Partial<Record<PluginSlotName, SlotEntry[]>>;
  Render: ComponentType<SlotPlacement> | null;
} = { entries: {}, Render: null };

/**
 * "Install plugins", between the language messages and the mount: each plugin's stylesheet and
 * script; one that fails (or takes more than 5 s) is logged and skipped, and the app mounts anyway.
 */
export async function installPlugins(options?: InstallOptions): Promise<void> {
  try {
    const element = document.getElementById('hostdeck-plugins');
    const list: Parameters<typeof import('./plugin-installer.tsx').installAll>[0] = element
      ? JSON.parse(element.textContent || '[]')
      : (await api<{ data: [] }>('/api/plugins/client')).data;
    if (!list?.length) return;
    const { installAll } = await import('./plugin-installer.tsx');
    await installAll(list, options);
  } catch (err) {
    console.error('Plugins could not be installed', err);
  }
}
