import { type DeleteAccount, ROOT_PERMISSION } from '@hostdeck/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverQueue, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import type { UserWithRole } from '../auth/users.repo.ts';
import { enqueueTemplateMail } from '../mail/templates.ts';
import { countActiveRootUsers } from '../roles/roles.repo.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { proveIdentity } from './identity-proof.ts';

/** Queue items not yet being built: cancelled when the account goes (their reservation is freed). */
export const CANCELLABLE = ['pending', 'failed'] as const;

/**
 * Deleting one's own account, first part: proof (password, or a two-factor or recovery code) and the
 * typed username; then the request is recorded, the pending server requests are cancelled, every
 * session ends and a mail confirms it to the address the account still has. The account-deletion
 * worker removes the servers on the panel and then erases the account (docs/data-retention.md).
 */
export class AccountDeletionService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async request({ user, role }: UserWithRole, body: DeleteAccount): Promise<void> {
    if (body.confirm.trim().toLowerCase() !== user.username.toLowerCase())
      throw new AppError('DELETE_CONFIRM_MISMATCH', 'Type your username to confirm', {
        confirm: 'Type your username to confirm',
      });
    await proveIdentity(this.twoFactor, user, body);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (role.permissions.includes(ROOT_PERMISSION) && (await countActiveRootUsers(tx, { userId: user.id })) === 0)
        throw new AppError('LAST_ADMINISTRATOR', 'This is the last active Administrator; make someone else one first');
      const [marked] = await tx
        .update(users)
        .set({ deletionRequestedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.deletionRequestedAt), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (!marked) return; // asked twice at once: the first one counts
      await tx
        .delete(serverQueue)
        .where(and(eq(serverQueue.userId, user.id), inArray(serverQueue.status, [...CANCELLABLE])));
      await enqueueTemplateMail(tx, this.settings, {
        to: user.email,
        template: 'account_deleted',
        vars: { username: user.username },
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'account.delete_requested',
        targetType: 'user',
        targetId: user.id,
      });
    });
    await this.sessions.revokeAllForUser(user.id);
  }
}
