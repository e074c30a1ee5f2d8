import type { RouteObject } from 'react-router';

/** The plugins' admin pages (issue #18): the list (switches and rescan check admin.plugins.edit) and a plugin's settings. */
export const pluginPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'plugins',
    permission: 'admin.plugins.list',
    lazy: () => import('./plugins-page.tsx').then((m) => ({ Component: m.PluginsPage })),
  },
  {
    path: 'plugins/:identifier/config',
    permission: 'admin.plugins.edit',
    lazy: () => import('./plugin-config-page.tsx').then((m) => ({ Component: m.PluginConfigPage })),
  },
];
