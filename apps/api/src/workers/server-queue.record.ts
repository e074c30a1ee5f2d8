import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverQueue, servers, type UserRow } from '../db/schema/index.ts';
import type { HostingServer } from '../integrations/hosting/provider.ts';
import { enqueueTemplateMail, mailGlobals } from '../modules/mail/templates.ts';
import { MISSING } from '../modules/servers/server-panel.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

export type QueueItem = typeof serverQueue.$inferSelect;

/** How long a claimed item stays its worker's without a renewal; the worker renews it every quarter of this. */
export const QUEUE_LEASE_MS = 60_000;

/**
 * A "building" item nobody holds any more: its lease ran out (the worker crashed or stopped), or it
 * was claimed before leases existed and has not moved for a lease's length.
 */
export function leaseLapsed(leaseMs = QUEUE_LEASE_MS): SQL {
  return sql`(${serverQueue.leaseUntil} < now() or (${serverQueue.leaseUntil} is null and ${serverQueue.updatedAt} < now() - ${leaseMs} * interval '1 millisecond'))`;
}

/** Where the owner manages the server: the game panel's page when its address is known, else the dashboard. */
function serverUrl(settings: SettingsService, identifier: string): string {
  const panel = settings.string('pterodactyl_base_url').replace(/\/+$/, '');
  return panel ? `${panel}/server/${identifier}` : `${mailGlobals(settings).app_url}/dashboard`;
}

/**
 * Records the server the panel built for a queue item and completes the item. Runs in the caller's
 * transaction, which has locked the item and made sure it may complete it. The record keeps the
 * panel it lives on and the external id it carries there; the owner hears of a new server once.
 */
export async function recordBuiltServer(
  tx: Db,
  settings: SettingsService,
  item: QueueItem,
  owner: UserRow,
  built: HostingServer,
  panelKey: string,
): Promise<void> {
  const expiresAt = settings.bool('server_renew_enabled')
    ? new Date(Date.now() + settings.number('server_renew_days') * 86_400_000)
    : null;
  // A rebuilt panel numbers its servers from 1 again (decision 0013): a record of this panel under the
  // id the new server got, made for another request, names a server the panel no longer has. It is
  // marked missing and lets go of the id, so the server is recorded for the member who asked for it.
  await tx
    .update(servers)
    .set({ status: MISSING, panelServerId: null, updatedAt: new Date() })
    .where(
      and(
        eq(servers.panelKey, panelKey),
        eq(servers.panelServerId, built.panelId),
        or(isNull(servers.externalId), ne(servers.externalId, item.id)),
      ),
    );
  const [row] = await tx
    .insert(servers)
    .values({
      ownerId: owner.id,
      name: item.name,
      description: item.description,
      locationId: item.locationId,
      eggId: item.eggId,
      memory: item.memory,
      cpu: item.cpu,
      disk: item.disk,
      ports: item.ports,
      databases: item.databases,
      backups: item.backups,
      panelServerId: built.panelId,
      panelIdentifier: built.identifier,
      panelKey,
      externalId: item.id,
      status: built.status,
      expiresAt,
    })
    .onConflictDoNothing({ target: [servers.panelKey, servers.panelServerId] })
    .returning({ id: servers.id });
  if (row)
    await enqueueTemplateMail(tx, settings, {
      to: owner.email,
      template: 'server_created',
      vars: { username: owner.username, server_name: item.name, server_url: serverUrl(settings, built.identifier) },
    });
  // Already recorded (another pass got there first): the item points at that record.
  const serverId =
    row?.id ??
    (
      await tx
        .select({ id: servers.id })
        .from(servers)
        .where(and(eq(servers.panelKey, panelKey), eq(servers.panelServerId, built.panelId)))
    )[0]?.id ??
    null;
  await tx
    .update(serverQueue)
    .set({ status: 'completed', serverId, lastError: null, leaseUntil: null, leasedBy: null, updatedAt: new Date() })
    .where(eq(serverQueue.id, item.id));
}
