import type { RegisterBody } from '@hostdeck/contracts';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomDigits, randomToken } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, findUserByLogin, findUserByReferralCode, roleByLevel } from './users.repo.ts';

export interface NewAccount extends Omit<RegisterBody, 'ref'> {
  roleLevel: number;
  ref?: string;
  ip?: string;
  verified?: boolean;
}

/** Creates an account with the new-member defaults from settings. Used by sign-up, setup and the CLI. */
export async function createAccount(db: Db, settings: SettingsService, input: NewAccount): Promise<UserRow> {
  const fields: Record<string, string> = {};
  if (await findUserByLogin(db, input.username)) fields.username = 'This username is taken';
  if (await findUserByEmail(db, input.email)) fields.email = 'This email is already registered';
  if (fields.username) throw new AppError('USERNAME_TAKEN', 'This username is taken', fields);
  if (fields.email) throw new AppError('EMAIL_TAKEN', 'This email is already registered', fields);

  const [passwordHash, role, referrer] = await Promise.all([
    hashPassword(input.password),
    roleByLevel(db, input.roleLevel),
    input.ref ? findUserByReferralCode(db, input.ref) : Promise.resolve(null),
  ]);
  try {
    const [row] = await db
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
        emailVerifiedAt: input.verified ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error('User insert returned nothing');
    return row;
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
