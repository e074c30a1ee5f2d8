import { type StoreCatalogue, type StoreItem, type StoreItemKey, storeItems } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { moveCoins } from '../coins/ledger.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The user column each store item raises (memory_limit → memoryLimit). */
const limitColumn = Object.fromEntries(
  storeItems.map(([key, limit]) => [key, limit.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())]),
) as Record<StoreItemKey, keyof StoreUser>;

/** What the store reads of a member: the balance and the limits it sells (every one of them). */
export const storeColumns = {
  coins: users.coins,
  memoryLimit: users.memoryLimit,
  cpuLimit: users.cpuLimit,
  diskLimit: users.diskLimit,
  allocationLimit: users.allocationLimit,
  databaseLimit: users.databaseLimit,
  backupLimit: users.backupLimit,
  serverLimit: users.serverLimit,
};
type StoreUser = Pick<UserRow, keyof typeof storeColumns>;

/** The store: resource packs for coins; prices, pack sizes and caps come from the settings. */
export class StoreService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  private item(key: StoreItemKey, user: StoreUser): StoreItem {
    const s = (name: string) => this.settings.number(`store_${key}_${name}`);
    const current = user[limitColumn[key] as keyof StoreUser];
    const amount = s('amount');
    const max = s('max');
    return {
      key,
      enabled: this.settings.bool(`store_${key}_enabled`),
      price: s('price'),
      amount,
      max,
      current,
      packs_left: Math.max(0, Math.floor((max - current) / amount)),
    };
  }

  catalogue(user: StoreUser): StoreCatalogue {
    return {
      success: true,
      enabled: this.settings.bool('store_enabled'),
      coins: user.coins,
      items: storeItems.map(([key]) => this.item(key, user)),
    };
  }

  /** The debit (through the ledger) and the raised limit commit together, under the member's row lock. */
  async purchase(userId: string, key: StoreItemKey, packs: number): Promise<{ balance: number; item: StoreItem }> {
    if (!this.settings.bool('store_enabled'))
      throw new AppError('FEATURE_DISABLED', 'The store is closed on this panel');
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      const item = this.item(key, user);
      if (!item.enabled) throw new AppError('STORE_ITEM_DISABLED', 'This item is not for sale');
      if (packs > item.packs_left)
        throw new AppError('STORE_CAP_REACHED', `You can buy at most ${item.packs_left} more of these`, {
          packs: `At most ${item.packs_left}`,
        });
      const cost = packs * item.price;
      if (cost > user.coins)
        throw new AppError('INSUFFICIENT_COINS', `This costs ${cost} coins and your balance is ${user.coins}`);
      const balance = await moveCoins(tx, {
        userId,
        amount: -cost,
        kind: 'store',
        reason: `${packs} × ${item.amount} ${key}`,
        reference: key,
        actorId: userId,
      });
      const [after] = await tx
        .update(users)
        .set({ [limitColumn[key]]: item.current + packs * item.amount, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return { balance, item: this.item(key, after as UserRow) };
    });
  }
}
