import { hasPermission, ROOT_PERMISSION } from '@hostdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** Who is acting: the signed-in staff member, with the permissions of their role. */
export interface Actor {
  id: string;
  permissions: string[];
}

export function actorOf(req: FastifyRequest): Actor {
  const auth = req.auth;
  if (!auth) throw new AppError('UNAUTHORIZED', 'Please log in');
  return { id: auth.account.user.id, permissions: auth.account.role.permissions };
}

/** Nobody hands out, or manages holders of, a permission they do not hold themselves. */
export function assertHoldsAll(actor: Actor, permissions: readonly string[], message: string): void {
  const missing = permissions.filter((p) => !hasPermission(actor.permissions, p));
  if (missing.length > 0)
    throw new AppError('PERMISSION_ESCALATION', `${message} (missing: ${missing.slice(0, 5).join(', ')})`);
}

/** admin.root, or a 403 with the reason (at the field when one is named). */
export function assertRoot(actor: Actor, message: string, field?: string): void {
  if (hasPermission(actor.permissions, ROOT_PERMISSION)) return;
  throw new AppError('FORBIDDEN', message, field ? { [field]: message } : undefined);
}

/**
 * Taking an account out of the staff (a role change, or its role's level dropping below 2) would
 * open its way in (e-mail, two-factor: admin.root's while it is staff) to whoever did it: demote,
 * change the address, promote again. Only admin.root takes anyone out of the staff.
 */
export const LEAVES_STAFF = 'Only an administrator holding admin.root can take someone out of the staff';

/** Refuses an update made from a copy older than the stored record. */
export function assertFresh(loadedAt: string, current: Date): void {
  if (new Date(loadedAt).getTime() !== current.getTime()) {
    throw new AppError(
      'STALE_RECORD',
      'Someone changed this record after you opened it; reload it and make your change again',
    );
  }
}
