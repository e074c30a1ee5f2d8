import type { Finding } from '../health/health.checks.ts';
import type { PluginRegistry } from './plugins.registry.ts';

/**
 * Amber while a plugin is failed (switched off after repeated failures, or its code would not load)
 * or runs with failures counted in a row; green otherwise. A plugin staff disabled is not a problem.
 */
export async function checkPlugins(registry: PluginRegistry): Promise<Finding> {
  const list = await registry.list();
  const enabled = list.filter((p) => p.status === 'enabled').length;
  const failed = list.filter((p) => p.status === 'failed');
  if (failed.length > 0)
    return {
      state: 'amber',
      reason: 'plugins.failed',
      action: 'plugins.open',
      params: { count: failed.length, names: failed.map((p) => p.name).join(', ') },
      detail: failed
        .map((p) => `${p.identifier}: ${p.error ?? ''}`)
        .join('\n')
        .slice(0, 1000),
    };
  const failing = list.filter((p) => p.status === 'enabled' && p.failures.consecutive > 0);
  if (failing.length > 0)
    return {
      state: 'amber',
      reason: 'plugins.failing',
      action: 'plugins.open',
      params: { count: failing.length, names: failing.map((p) => p.name).join(', ') },
    };
  return { state: 'green', reason: 'plugins.ok', params: { count: enabled } };
}
