import type { RedeemCode } from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { redeemCodes, redeemCodeUses } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { tableCrud } from '../../lib/table-crud.ts';
import { moveCoins } from '../coins/ledger.ts';
import type { SettingsService } from '../settings/settings.service.ts';

type Row = Record<string, unknown>;

/** Redeem codes in the admin area: the generated CRUD over the table. */
export const redeemCodesService = (db: Db) =>
  tableCrud<RedeemCode>(db, {
    table: redeemCodes,
    noun: 'redeem_code',
    fields: { code: 'code', coins: 'coins', max_uses: 'maxUses', expires_at: 'expiresAt', enabled: 'enabled' },
    present: (r: Row) => ({
      id: r.id as number,
      code: r.code as string,
      coins: r.coins as number,
      max_uses: r.maxUses as number | null,
      uses: r.uses as number,
      expires_at: (r.expiresAt as Date | null)?.toISOString() ?? null,
      enabled: r.enabled as boolean,
      created_at: (r.createdAt as Date).toISOString(),
      updated_at: (r.updatedAt as Date).toISOString(),
    }),
    // Dates arrive as ISO strings from the contract.
    toColumn: { expiresAt: (v) => (v === null ? null : new Date(v as string)) },
    sort: {
      code: redeemCodes.code,
      coins: redeemCodes.coins,
      uses: redeemCodes.uses,
      expires_at: redeemCodes.expiresAt,
      created_at: redeemCodes.createdAt,
    },
    search: redeemCodes.code,
    filters: (q) => (q.enabled === undefined ? [] : [eq(redeemCodes.enabled, q.enabled as boolean)]),
    // Its redemptions are what stops a member redeeming it twice: a used code is disabled, not deleted.
    inUse: async (tx, id) => {
      const [row] = await tx.select({ uses: redeemCodes.uses }).from(redeemCodes).where(eq(redeemCodes.id, id));
      return Number(row?.uses ?? 0) > 0 ? 'Members have redeemed this code; disable it instead of deleting it' : null;
    },
    check: async (_tx, values, current) => {
      const used = Number(current?.uses ?? 0);
      if (typeof values.maxUses === 'number' && values.maxUses < used)
        throw new AppError('VALIDATION_ERROR', `This code was already used ${used} times`, {
          max_uses: `At least ${used}`,
        });
    },
  });

/**
 * A member redeems a code: the code row is locked, so parallel redemptions of a one-use code queue
 * behind each other and exactly one succeeds; the member's use, the count and the coins commit together.
 */
export async function redeemCode(
  db: Db,
  settings: SettingsService,
  userId: string,
  input: string,
): Promise<{ coins: number; balance: number }> {
  if (!settings.bool('code_redemption_enabled'))
    throw new AppError('FEATURE_DISABLED', 'Redeeming codes is switched off on this panel');
  const code = input.trim().toUpperCase();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [c] = await tx.select().from(redeemCodes).where(eq(redeemCodes.code, code)).for('update');
    if (!c?.enabled) throw new AppError('CODE_INVALID', 'This code does not exist');
    if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) throw new AppError('CODE_EXPIRED', 'This code has expired');
    if (c.maxUses !== null && c.uses >= c.maxUses) throw new AppError('CODE_USED_UP', 'This code has been used up');
    const [use] = await tx.insert(redeemCodeUses).values({ codeId: c.id, userId }).onConflictDoNothing().returning();
    if (!use) throw new AppError('CODE_ALREADY_REDEEMED', 'You have already redeemed this code');
    await tx
      .update(redeemCodes)
      .set({ uses: sql`${redeemCodes.uses} + 1` })
      .where(eq(redeemCodes.id, c.id));
    const balance = await moveCoins(tx, {
      userId,
      amount: c.coins,
      kind: 'redeem',
      reason: `Code ${c.code}`,
      reference: String(c.id),
      idempotencyKey: `redeem:${c.id}:${userId}`,
    });
    return { coins: c.coins, balance };
  });
}
