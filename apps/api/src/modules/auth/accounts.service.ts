import type { RegisterBody } from '@hostdeck/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coinLedger, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomDigits, randomToken, sha256 } from '../../lib/crypto.ts';
import { earningOnHoldById } from '../abuse/flags.guard.ts';
import { moveCoins } from '../coins/ledger.ts';
import { recordReferral } from '../referrals/referrals.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, findUserByLogin, findUserByReferralCode, roleByLevel } from './users.repo.ts';

export interface NewAccount extends Omit<RegisterBody, 'ref'> {
  roleLevel: number;
  ref?: string;
  ip?: string;
  /** The browser's device cookie (stored hashed). */
  device?: string;
  verified?: boolean;
  /** A ready hash instead of hashing `password` (SSO sign-ups store NO_PASSWORD_HASH). */
  passwordHash?: string;
}

/** Creates an account with the new-member defaults from settings. Used by sign-up, setup and the CLI. */
export async function createAccount(
  db: Db,
  settings: SettingsService,
  input: NewAccount,
  /** Runs in the account's transaction (the sign-up mails commit with it). */
  onCreated?: (tx: Db, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const fields: Record<string, string> = {};
  if (await findUserByLogin(db, input.username)) fields.username = 'This username is taken';
  if (await findUserByEmail(db, input.email)) fields.email = 'This email is already registered';
  if (fields.username) throw new AppError('USERNAME_TAKEN', 'This username is taken', fields);
  if (fields.email) throw new AppError('EMAIL_TAKEN', 'This email is already registered', fields);

  const [passwordHash, role, referrer] = await Promise.all([
    input.passwordHash ?? hashPassword(input.password),
    roleByLevel(db, input.roleLevel),
    input.ref ? findUserByReferralCode(db, input.ref) : Promise.resolve(null),
  ]);
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          roleId: role.id,
          memoryLimit: settings.number('default_ram'),
          cpuLimit: settings.number('default_cpu'),
          diskLimit: settings.number('default_disk'),
          serverLimit: settings.number('default_server_slots'),
          allocationLimit: settings.number('default_ports'),
          databaseLimit: settings.number('default_databases'),
          backupLimit: settings.number('default_backups'),
          referralCode: randomToken(6),
          referredBy: referrer?.id ?? null,
          supportPin: randomDigits(6),
          firstIp: input.ip,
          lastIp: input.ip,
          firstDevice: input.device ? sha256(input.device) : null,
          lastDevice: input.device ? sha256(input.device) : null,
          emailVerifiedAt: input.verified ? new Date() : null,
        })
        .returning();
      if (!row) throw new Error('User insert returned nothing');
      if (referrer) await recordReferral(tx, referrer, row);
      // The sign-up's own records first (anti-alt flags among them): a held account's bonus waits.
      await onCreated?.(tx, row);
      return (await makeEarlySupporter(tx, settings, row)) ?? row;
    });
  } catch (err) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the same answer.
    const cause =
      (err as { cause?: { code?: string; constraint?: string } }).cause ??
      (err as { code?: string; constraint?: string });
    if (cause.code === '23505') {
      if (cause.constraint?.includes('email'))
        throw new AppError('EMAIL_TAKEN', 'This email is already registered', {
          email: 'This email is already registered',
        });
      throw new AppError('USERNAME_TAKEN', 'This username is taken', { username: 'This username is taken' });
    }
    throw err;
  }
}

/** Early-supporter programme: one of the first N members (while it is on) gets the badge and a bonus. */
async function makeEarlySupporter(tx: Db, settings: SettingsService, user: UserRow): Promise<UserRow | null> {
  if (!settings.bool('early_supporters_enabled')) return null;
  // One sign-up at a time decides, so parallel sign-ups never make more than N.
  await tx.execute(sql`select pg_advisory_xact_lock(${EARLY_SUPPORTER_LOCK})`);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users).where(eq(users.earlySupporter, true));
  if (Number(n) >= settings.number('early_supporters_count')) return null;
  // The badge now; the bonus now too, unless the account is held for review (approval pays it then).
  if (!(await earningOnHoldById(tx, settings, user.id))) await payEarlySupporterBonus(tx, settings, user.id);
  const [row] = await tx.update(users).set({ earlySupporter: true }).where(eq(users.id, user.id)).returning();
  return row ?? null;
}

/** The early-supporter bonus, once per account: at sign-up, or when staff approve an account held then. */
export async function payEarlySupporterBonus(tx: Db, settings: SettingsService, userId: string): Promise<void> {
  const bonus = settings.number('early_supporters_bonus');
  if (bonus <= 0) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [paid] = await tx
    .select({ id: coinLedger.id })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.kind, 'early_supporter')))
    .limit(1);
  if (paid) return;
  await moveCoins(tx, { userId, amount: bonus, kind: 'early_supporter', reason: 'Early supporter bonus' });
}
const EARLY_SUPPORTER_LOCK = 727_001;
