import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { SignInWatcher } from '../abuse/sign-up-guard.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { mailIfNewLogin } from './new-login.ts';
import type { ClientInfo, SessionMethod, SessionService } from './sessions.service.ts';

/** What opening a session needs; AuthService holds one (AuthService.signIn). */
export interface SignInDeps {
  db: Db;
  settings: SettingsService;
  sessions: SessionService;
  publicUrl: () => string;
  /** Anti-alt and the other sign-in watchers (the SignUpGuard). */
  watcher: SignInWatcher;
}

export interface SignInOptions {
  method: SessionMethod;
  /** The session still waits for the second factor (password or sign-in link with 2FA on). */
  twoFactorPending: boolean;
  /** The session token the browser had: a sign-in never keeps using it (rotation). */
  previousToken?: string;
}

/**
 * Whether the account may be used at all: not deleted, not being deleted (the member or staff asked;
 * its servers are being removed), not banned. Every way in (session, API key, sign-in link, reset
 * mail) asks this one question, so a new way cannot forget a state.
 */
export function accountUsable(user: Pick<UserRow, 'deletedAt' | 'deletionRequestedAt' | 'banned'>): boolean {
  return !user.deletedAt && !user.deletionRequestedAt && !user.banned;
}

/** Refuses an account that may not sign in any way: deleted, being deleted, or banned. */
export function assertMaySignIn(user: UserRow): void {
  if (user.deletedAt) throw new AppError('ACCOUNT_DELETED', 'This account was deleted');
  // The member asked to delete it: its servers are being removed and it is about to be erased.
  if (user.deletionRequestedAt) throw new AppError('ACCOUNT_DELETED', 'This account is being deleted');
  if (user.banned)
    throw new AppError(
      'ACCOUNT_BANNED',
      user.banReason ? `This account is banned: ${user.banReason}` : 'This account is banned',
    );
}

/**
 * "A sign-in happened", the same on every path (password, passkey, single sign-on, one-time link),
 * called once the member proved who they are: the account-state check, session rotation, the
 * new-browser mail, the new session, the account's last address/device/seen, and the sign-in
 * watchers (anti-alt). One function, so the paths cannot drift apart again.
 */
export async function signIn(
  deps: SignInDeps,
  user: UserRow,
  client: ClientInfo,
  options: SignInOptions,
): Promise<{ token: string }> {
  assertMaySignIn(user);
  const previous = await deps.sessions.resolve(options.previousToken);
  if (previous) await deps.sessions.revoke(previous.session.id);
  // Checked before this sign-in's own session exists.
  await mailIfNewLogin(deps.db, deps.settings, user, client, deps.publicUrl());
  const { token } = await deps.sessions.create(user.id, client, options.twoFactorPending, options.method);
  await deps.db
    .update(users)
    .set({
      lastIp: client.ip ?? user.lastIp,
      lastDevice: client.device ? sha256(client.device) : user.lastDevice,
      lastSeenAt: new Date(),
    })
    .where(eq(users.id, user.id));
  // After the last ip and device are written (the watchers read them).
  await deps.watcher.signedIn(user.id, client);
  return { token };
}
