// @ts-check
// Server status: one route that answers the signed-in member's servers with their state and resource
// use against their limits, read through the panel's hosting provider interface (ctx.servers), as
// ready-to-draw meters. Providers that report no live use (Pterodactyl's Application API) give limits
// and the panel's state only; the card then shows those.
import { definePlugin, PluginError } from '@hostdeck/plugin-sdk';

/**
 * @typedef {{ refresh_seconds?: number | null }} Config
 * @typedef {import('@hostdeck/plugin-sdk').PluginRouteContext<Config>} Context
 * @typedef {import('@hostdeck/plugin-sdk').PluginServerUsage} PluginServerUsage
 */
/**
 * A resource's use against its limit.
 * @typedef {object} Meter
 * @property {number | null} used bytes (memory, disk) or percent of a core (cpu); null when not reported
 * @property {number | null} limit the same unit; null when unlimited
 * @property {number | null} percent used of the limit; null when either is unknown
 */
/**
 * A server as the card draws it.
 * @typedef {object} ServerStatus
 * @property {string} id
 * @property {string} name
 * @property {string} status Hostdeck's status
 * @property {string} state the best state known (see stateOf)
 * @property {boolean} live whether the hosting panel answered about it
 * @property {Meter} memory
 * @property {Meter} disk
 * @property {Meter} cpu
 */

const MIB = 1024 * 1024;
export const REFRESH_DEFAULT = 30;
export const REFRESH_MIN = 10;

/** The refresh interval staff set, kept within the manifest's bounds. */
export function refreshSeconds(/** @type {Config} */ config) {
  const value = config.refresh_seconds;
  if (typeof value !== 'number' || !Number.isFinite(value)) return REFRESH_DEFAULT;
  return Math.min(3600, Math.max(REFRESH_MIN, Math.round(value)));
}

/**
 * @param {number | null} used
 * @param {number} limit 0 (or less) means unlimited, as on Pterodactyl
 * @returns {Meter}
 */
function meter(used, limit) {
  const max = limit > 0 ? limit : null;
  const percent = used !== null && max !== null ? Math.round((used / max) * 1000) / 10 : null;
  return { used, limit: max, percent };
}

/**
 * The best state known: what the game server is doing (running, starting, stopping, offline) when the
 * hosting provider reports live use; else the hosting panel's view (active, installing, suspended,
 * install_failed); else Hostdeck's own status (also queued, deleting, missing, other_panel, …).
 * Suspended in Hostdeck wins over everything.
 * @param {PluginServerUsage} server
 */
export function stateOf(server) {
  if (server.status === 'suspended') return 'suspended';
  return server.usage?.state ?? server.panel_state ?? server.status;
}

/**
 * One server as the card draws it: memory and disk in bytes (the limits are MiB on the panel), CPU
 * in percent of one core.
 * @param {PluginServerUsage} server
 * @returns {ServerStatus}
 */
export function toServerStatus(server) {
  const u = server.usage;
  return {
    id: server.id,
    name: server.name,
    status: server.status,
    state: stateOf(server),
    live: server.panel_state !== null || u !== null,
    memory: meter(u ? u.memory_bytes : null, server.limits.memory * MIB),
    disk: meter(u ? u.disk_bytes : null, server.limits.disk * MIB),
    cpu: meter(u ? u.cpu_percent : null, server.limits.cpu),
  };
}

export default definePlugin(
  /** @type {import('@hostdeck/plugin-sdk').PluginDefinition<Config>} */ ({
    routes: [
      {
        method: 'GET',
        path: '/servers',
        access: 'session',
        async handler(ctx) {
          const member = ctx.request.member;
          if (!member) throw new PluginError(401, 'UNAUTHENTICATED', 'Sign in to see your servers.');
          const servers = await ctx.servers.ofMember(member.id);
          return { refresh_seconds: refreshSeconds(ctx.config), servers: servers.map(toServerStatus) };
        },
      },
    ],
  }),
);
