import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APP_VERSION, type PluginManifest, PluginManifestSchema } from '@hostdeck/contracts';
import semver from 'semver';

export type PluginSource = 'bundled' | 'data' | 'npm';

/** A plugin found on disk: its manifest when valid, or why it cannot be loaded. */
export interface FoundPlugin {
  identifier: string;
  dir: string;
  source: PluginSource;
  manifest: PluginManifest | null;
  /** invalid: the manifest was refused; incompatible: not for this Hostdeck version. */
  problem: { status: 'invalid' | 'incompatible'; error: string } | null;
}

export interface PluginDirs {
  /** The plugins shipped with Hostdeck (the repository's plugins/ folder). */
  bundled?: string;
  /** DATA_DIR/plugins: operators' own. */
  data?: string;
  /** A node_modules folder holding hostdeck-plugin-* packages. */
  npm?: string;
}

const MANIFEST = 'hostdeck-plugin.json';
const NPM_PREFIX = 'hostdeck-plugin-';

function subfolders(dir: string | undefined): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory());
}

/** The zod issues as one line a person can act on ("config.0.key: Used twice"). */
function describe(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

function readManifest(dir: string, source: PluginSource): FoundPlugin {
  const fallbackId = dir.split(/[\\/]/).pop()!.replace(NPM_PREFIX, '');
  let raw: unknown;
  try {
    const text = readFileSync(join(dir, source === 'npm' ? 'package.json' : MANIFEST), 'utf8');
    raw = source === 'npm' ? (JSON.parse(text) as { hostdeck?: unknown }).hostdeck : JSON.parse(text);
    if (raw === undefined) throw new Error('package.json has no "hostdeck" field');
  } catch (err) {
    const error = `The manifest cannot be read: ${(err as Error).message}`;
    return { identifier: fallbackId, dir, source, manifest: null, problem: { status: 'invalid', error } };
  }
  const parsed = PluginManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const id = (raw as { identifier?: unknown })?.identifier;
    const identifier = typeof id === 'string' && /^[a-z0-9-]{1,40}$/.test(id) ? id : fallbackId;
    return { identifier, dir, source, manifest: null, problem: { status: 'invalid', error: describe(parsed.error) } };
  }
  const manifest = parsed.data;
  const missing = [manifest.server, manifest.client, manifest.style].find((f) => f && !existsSync(join(dir, f)));
  if (missing)
    return {
      identifier: manifest.identifier,
      dir,
      source,
      manifest,
      problem: { status: 'invalid', error: `${missing} is missing` },
    };
  if (!semver.validRange(manifest.hostdeck))
    return {
      identifier: manifest.identifier,
      dir,
      source,
      manifest,
      problem: { status: 'invalid', error: `hostdeck: "${manifest.hostdeck}" is not a version range` },
    };
  if (!semver.satisfies(APP_VERSION, manifest.hostdeck, { includePrerelease: true }))
    return {
      identifier: manifest.identifier,
      dir,
      source,
      manifest,
      problem: { status: 'incompatible', error: `Made for Hostdeck ${manifest.hostdeck}; this is ${APP_VERSION}` },
    };
  return { identifier: manifest.identifier, dir, source, manifest, problem: null };
}

/**
 * Every plugin in the given folders. The first of two with one identifier wins (data over npm over
 * bundled: an operator's copy replaces the shipped one); the others are not loaded.
 */
export function discoverPlugins(dirs: PluginDirs): FoundPlugin[] {
  const candidates: [string, PluginSource][] = [
    ...subfolders(dirs.data).map((d) => [d, 'data'] as [string, PluginSource]),
    ...subfolders(dirs.npm)
      .filter((d) => d.split(/[\\/]/).pop()!.startsWith(NPM_PREFIX))
      .map((d) => [d, 'npm'] as [string, PluginSource]),
    ...subfolders(dirs.bundled).map((d) => [d, 'bundled'] as [string, PluginSource]),
  ];
  const found = new Map<string, FoundPlugin>();
  for (const [dir, source] of candidates) {
    if (source !== 'npm' && !existsSync(join(dir, MANIFEST))) continue;
    const plugin = readManifest(dir, source);
    if (!found.has(plugin.identifier)) found.set(plugin.identifier, plugin);
  }
  return [...found.values()].sort((a, b) => a.identifier.localeCompare(b.identifier));
}
