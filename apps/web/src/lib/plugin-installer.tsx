import type { PluginClientEntry } from '@hostdeck/contracts';
import { type ClientPluginApi, type PluginSlotName, type PluginSlotProps, pluginSlots } from '@hostdeck/plugin-sdk';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { SlotItems } from '../components/ui/plugin-slot-items.tsx';
import { api } from './api-client.ts';
import { i18n } from './i18n.ts';
import { type SlotEntry, slotRegistry } from './plugins.ts';
import { hasSession, sessionManager } from './session-manager.ts';

/** How long a plugin may take to load and install before it is skipped. */
export const INSTALL_TIMEOUT_MS = 5000;

type Install = (api: ClientPluginApi) => void | Promise<void>;

export interface InstallOptions {
  /** Loads a plugin's script (the browser's import(); tests hand in modules). */
  load?: (url: string) => Promise<{ default?: unknown }>;
  timeoutMs?: number;
}

/**
 * Installs every plugin of the list at once. A plugin's registrations (slots, messages) are held until
 * its install has finished in time, then made live; one whose import or install throws or takes too
 * long is logged with its name, its stylesheet removed and everything it registered dropped.
 */
export async function installAll(list: readonly PluginClientEntry[], options: InstallOptions = {}): Promise<void> {
  if (!slotRegistry.Render) {
    slotRegistry.Render = SlotItems;
    addSidebarStyle();
  }
  await Promise.all(list.map((entry, index) => installOne(entry, index, options)));
}

let registrations = 0;
function addSlotEntry(entry: Omit<SlotEntry, 'rank'> & { order: number; index: number }): void {
  const { order, index, ...rest } = entry;
  const list = [
    ...(slotRegistry.entries[entry.slot] ?? []),
    { ...rest, rank: [order, index, registrations++] } as SlotEntry,
  ];
  list.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2]);
  slotRegistry.entries[entry.slot] = list;
}

/** Forgets every registration and the renderer (tests). */
export function resetPluginSlots(): void {
  slotRegistry.entries = {};
  slotRegistry.Render = null;
  document.getElementById('plugin-slot-style')?.remove();
}

/**
 * Plugins' sidebar links look like the panel's entries. Added here rather than in the app's CSS: the
 * pages carry nothing for plugins while none is enabled.
 */
function addSidebarStyle(): void {
  const style = document.createElement('style');
  style.id = 'plugin-slot-style';
  style.textContent = `[data-slot="sidebar.items"] a{display:flex;align-items:center;gap:.75rem;border-radius:.75rem;padding:.5rem .75rem;font-size:.875rem;font-weight:500;color:var(--color-muted,inherit)}[data-slot="sidebar.items"] a:hover{background:rgb(100 116 139/.15)}`;
  document.head.append(style);
}

async function installOne(entry: PluginClientEntry, index: number, options: InstallOptions): Promise<void> {
  const { identifier } = entry;
  const link = entry.style ? addStylesheet(identifier, entry.style) : null;
  // Held until the install is done (`live`); nothing once it failed (`dead`).
  let state: 'installing' | 'live' | 'dead' = 'installing';
  const pending: (() => void)[] = [];
  const apply = (action: () => void) => {
    if (state === 'live') action();
    else if (state === 'installing') pending.push(action);
  };
  const pluginApi: ClientPluginApi = {
    identifier,
    React,
    registerSlot(slot: PluginSlotName, component: (props: PluginSlotProps) => unknown, opts = {}) {
      if (!pluginSlots.includes(slot)) throw new Error(`Unknown slot "${slot}"`);
      if (typeof component !== 'function') throw new Error(`The component for "${slot}" is not a function`);
      const order = Number.isFinite(opts.order) ? Number(opts.order) : 0;
      apply(() => addSlotEntry({ plugin: identifier, slot, component, order, index }));
    },
    addTranslations(language: string, messages: Record<string, unknown>) {
      apply(() => i18n.addResourceBundle(language, 'translation', { plugins: { [identifier]: messages } }, true, true));
    },
    useT() {
      return useTranslation('translation', { keyPrefix: `plugins.${identifier}` }).t as (
        key: string,
        values?: Record<string, unknown>,
      ) => string;
    },
    async request<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}) {
      const answer = await api<T>(`/api/plugins/${identifier}${path.startsWith('/') ? path : `/${path}`}`, init);
      // A write may have moved the member's coins (the ledger): the top bar follows, as after a redeem.
      if ((init.method ?? 'GET').toUpperCase() !== 'GET' && hasSession()) void sessionManager.reload();
      return answer;
    },
  };
  const load = options.load ?? ((url: string) => import(/* @vite-ignore */ url));
  try {
    await withTimeout(
      (async () => {
        if (!entry.script) return;
        const module = await load(entry.script);
        if (typeof module.default !== 'function') throw new Error('Its client script has no default export function');
        await (module.default as Install)(pluginApi);
      })(),
      options.timeoutMs ?? INSTALL_TIMEOUT_MS,
    );
    state = 'live';
    for (const action of pending) action();
  } catch (err) {
    state = 'dead';
    link?.remove();
    console.error(`Plugin ${identifier} failed to initialise and was skipped`, err);
  }
}

function addStylesheet(identifier: string, href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.pluginStyle = identifier;
  document.head.append(link);
  return link;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`It took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
