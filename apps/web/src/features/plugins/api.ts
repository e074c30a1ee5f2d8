import type { Plugin, PluginDetail } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { localizePlugin, usePluginLanguage } from './plugin-texts.ts';

const BASE = '/api/admin/plugins';
export const pluginsKey = ['admin', 'plugins'] as const;
type List = { success: true; data: Plugin[] };
type Detail = { success: true; data: PluginDetail };

const listIn = (answer: List, language: string): List => ({
  ...answer,
  data: answer.data.map((p) => localizePlugin(p, language)),
});
const detailIn = (answer: Detail, language: string): Detail => ({
  ...answer,
  data: localizePlugin(answer.data, language),
});

/** The plugins, their manifest texts in the viewer's language. */
export function usePlugins() {
  return useQuery({ queryKey: pluginsKey, queryFn: () => api<List>(BASE), select: usePluginLanguage(listIn) });
}

/** One plugin with its settings form, its texts in the viewer's language. */
export function usePlugin(identifier: string) {
  return useQuery({
    queryKey: [...pluginsKey, identifier],
    queryFn: () => api<Detail>(`${BASE}/${encodeURIComponent(identifier)}`),
    select: usePluginLanguage(detailIn),
  });
}

/** Enables or disables a plugin (no restart); the list and the plugin's page follow the answer. */
export function useSwitchPlugin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ identifier, enable }: { identifier: string; enable: boolean }) =>
      api<Detail>(`${BASE}/${encodeURIComponent(identifier)}/${enable ? 'enable' : 'disable'}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: (answer) => client.setQueryData([...pluginsKey, answer.data.identifier], answer),
    onSettled: () => client.invalidateQueries({ queryKey: pluginsKey }),
  });
}

/** Saves a plugin's configuration: a secret left out keeps its value, "" clears it. */
export function useSavePluginConfig(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api<Detail>(`${BASE}/${encodeURIComponent(identifier)}/config`, { method: 'PUT', body: { values } }),
    onSuccess: (answer) => client.setQueryData([...pluginsKey, identifier], answer),
    onSettled: () => client.invalidateQueries({ queryKey: pluginsKey, exact: true }),
  });
}

/** Looks through the plugin folders again (a plugin copied in while the panel runs). */
export function useRescanPlugins() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<List>(`${BASE}/rescan`, { method: 'POST', body: {} }),
    onSuccess: (answer) => client.setQueryData(pluginsKey, answer),
    onSettled: () => client.invalidateQueries({ queryKey: pluginsKey }),
  });
}
