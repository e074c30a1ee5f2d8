import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PluginManifest, permissionValues } from '@hostdeck/contracts';
import type { PluginAccess, PluginDefinition, PluginEventName } from '@hostdeck/plugin-sdk';
import { pluginEvents } from '@hostdeck/plugin-sdk';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ROUTE_PATH = /^\/(?:[\w.-]+|:[a-zA-Z_]\w*)(?:\/(?:[\w.-]+|:[a-zA-Z_]\w*))*$|^\/$/;
export const JOB_MIN_SECONDS = 60;

/** A plugin route ready to match: its pattern split in segments. */
export interface LoadedRoute {
  method: string;
  path: string;
  segments: string[];
  access: PluginAccess;
  handler: NonNullable<PluginDefinition['routes']>[number]['handler'];
}

export interface LoadedPlugin {
  hooks: Partial<Record<PluginEventName, (event: never, ctx: never) => unknown>>;
  routes: LoadedRoute[];
  jobs: NonNullable<PluginDefinition['jobs']>;
}

export class PluginLoadError extends Error {}

function checkAccess(access: unknown, manifest: PluginManifest, where: string): PluginAccess {
  if (access === 'public' || access === 'session') return access;
  if (access && typeof access === 'object' && typeof (access as { permission?: unknown }).permission === 'string') {
    const permission = (access as { permission: string }).permission;
    const own = manifest.permissions.some((p) => p.key === permission);
    if (!own && !permissionValues.includes(permission))
      throw new PluginLoadError(`${where} asks for an unknown permission "${permission}"`);
    return { permission };
  }
  throw new PluginLoadError(`${where} declares no access rule (public, session or { permission })`);
}

/** The definition checked: hooks on known events, routes with a method, a path and an access rule, jobs. */
export function checkDefinition(manifest: PluginManifest, value: unknown): LoadedPlugin {
  if (!value || typeof value !== 'object')
    throw new PluginLoadError('The server entry has no default export from definePlugin');
  const def = value as PluginDefinition;
  const hooks: LoadedPlugin['hooks'] = {};
  for (const [name, fn] of Object.entries(def.hooks ?? {})) {
    if (!(pluginEvents as readonly string[]).includes(name))
      throw new PluginLoadError(`Hook on an unknown event "${name}"`);
    if (typeof fn !== 'function') throw new PluginLoadError(`The hook on ${name} is not a function`);
    hooks[name as PluginEventName] = fn as never;
  }
  const routes: LoadedRoute[] = [];
  for (const [i, r] of (def.routes ?? []).entries()) {
    const where = `Route ${i + 1} (${r?.method ?? '?'} ${r?.path ?? '?'})`;
    if (!r || !METHODS.has(r.method)) throw new PluginLoadError(`${where} has no valid method`);
    if (typeof r.path !== 'string' || !ROUTE_PATH.test(r.path)) throw new PluginLoadError(`${where} has no valid path`);
    if (typeof r.handler !== 'function') throw new PluginLoadError(`${where} has no handler`);
    const access = checkAccess(r.access, manifest, where);
    if (routes.some((o) => o.method === r.method && o.path === r.path))
      throw new PluginLoadError(`${where} is declared twice`);
    routes.push({
      method: r.method,
      path: r.path,
      segments: r.path.split('/').filter(Boolean),
      access,
      handler: r.handler,
    });
  }
  const jobs = def.jobs ?? [];
  for (const job of jobs) {
    if (!job || typeof job.name !== 'string' || !/^[\w-]{1,40}$/.test(job.name))
      throw new PluginLoadError('A job has no valid name');
    if (!Number.isInteger(job.everySeconds) || job.everySeconds < JOB_MIN_SECONDS)
      throw new PluginLoadError(`Job ${job.name} must run at most once a minute (everySeconds ≥ ${JOB_MIN_SECONDS})`);
    if (typeof job.run !== 'function') throw new PluginLoadError(`Job ${job.name} has no run function`);
  }
  return { hooks, routes, jobs };
}

/**
 * Imports the server entry. The file's modification time is in the URL, so a rescan after the
 * file changed gets the new code (Node caches a module by its URL).
 */
export async function loadServerEntry(dir: string, manifest: PluginManifest): Promise<LoadedPlugin> {
  if (!manifest.server) return { hooks: {}, routes: [], jobs: [] };
  const file = join(dir, manifest.server);
  const url = `${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`;
  let mod: { default?: unknown };
  try {
    mod = await import(url);
  } catch (err) {
    throw new PluginLoadError(`The server entry failed to load: ${(err as Error).message}`);
  }
  return checkDefinition(manifest, mod.default);
}

/** The route and its parameters for a path below /api/plugins/<identifier>, if any. */
export function matchRoute(routes: LoadedRoute[], method: string, path: string) {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = route.segments.every((seg, i) => {
      if (seg.startsWith(':')) {
        // Already decoded once by the router (the catch-all's '*'): decoding again would turn "%2520" into " ".
        params[seg.slice(1)] = parts[i]!;
        return true;
      }
      return seg === parts[i];
    });
    if (!ok) continue;
    if (route.method !== method) continue;
    return { route, params };
  }
  return { route: null, params: {} };
}
