import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type UserRow, users } from '../db/schema/index.ts';
import type { HostingProvider, HostingServer } from '../integrations/hosting/provider.ts';
import { PanelError } from '../integrations/panel-api/errors.ts';
import type { QueueItem } from './server-queue.record.ts';

/** Writes a line to the queue item's log (staff read it). */
export type Note = (level: 'info' | 'warn' | 'error', message: string) => Promise<void>;

/**
 * The member's panel account: linked by external id, else created; never an existing account taken
 * over. The link is stored with the panel's key, so it means nothing once another panel is configured.
 */
export async function ensurePanelUser(
  db: Db,
  provider: HostingProvider,
  panelKey: string,
  owner: UserRow,
  note: Note,
): Promise<number> {
  let panelId = await provider.findMember(owner.id);
  if (panelId === null) {
    panelId = await provider.createMember({
      id: owner.id,
      username: owner.username,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
    });
    await note('info', `Linked panel account ${panelId} to ${owner.username}`);
  }
  if (owner.panelUserId === panelId && owner.panelKey === panelKey) return panelId;
  const account = panelId;
  // The panel says (by external id) the account is this member's: another member's stale link to the
  // same account on this panel (a rebuilt panel reusing ids) is cleared in the same transaction.
  const unlinked = await db.transaction(async (tx) => {
    const stale = await tx
      .update(users)
      .set({ panelUserId: null, panelKey: null })
      .where(and(eq(users.panelKey, panelKey), eq(users.panelUserId, account), ne(users.id, owner.id)))
      .returning({ username: users.username });
    await tx.update(users).set({ panelUserId: account, panelKey }).where(eq(users.id, owner.id));
    return stale;
  });
  for (const other of unlinked)
    await note(
      'warn',
      `Panel account ${account} was linked to ${other.username}; the panel says it is ${owner.username}'s: relinked`,
    );
  return account;
}

/**
 * The server for this item: the one the panel already has under its external id (an earlier
 * attempt made it), else a new one. A 422 naming external_id, or any 422 on a retry, may mean an
 * earlier attempt's creation was committed late (after the lookup): it is looked up again and
 * adopted; only if it is still absent is the refusal final.
 */
export async function findOrCreateServer(
  provider: HostingProvider,
  item: QueueItem,
  create: () => Promise<HostingServer>,
  note: Note,
): Promise<HostingServer> {
  const existing = await provider.findServerByExternalId(item.id);
  if (existing) {
    await note('info', `The panel already has server ${existing.panelId} for this request (a retry): adopting it`);
    return existing;
  }
  try {
    const created = await create();
    await note('info', `Created server ${created.panelId} (${created.identifier}) on the panel`);
    return created;
  } catch (err) {
    const refused = err instanceof PanelError && err.kind === 'validation';
    if (!refused || !(err.fields.some((f) => f.field === 'external_id') || item.attempts > 1)) throw err;
    const late = await provider.findServerByExternalId(item.id);
    if (!late) throw err;
    await note(
      'info',
      `The panel committed an earlier attempt late: adopting server ${late.panelId} by its external id`,
    );
    return late;
  }
}
