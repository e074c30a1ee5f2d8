import { AppError } from '../../lib/app-error.ts';
import type { Access } from '../../plugins/access.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ResolvedSession } from './sessions.service.ts';

/**
 * The two_factor_required_for_staff setting: while it is on, an admin API answers a member who
 * holds its admin permission but has no second factor with TWO_FA_REQUIRED (403). Member routes,
 * the 2FA setup and the session call are not admin routes, so they stay reachable.
 */
export function requireStaffTwoFactor(settings: SettingsService, rule: Access, resolved: ResolvedSession): void {
  if (rule.kind !== 'permission' || !rule.permission.startsWith('admin.')) return;
  if (resolved.account.user.twoFactorEnabled || !settings.bool('two_factor_required_for_staff')) return;
  throw new AppError('TWO_FA_REQUIRED', 'Turn on two-factor authentication to use the admin area');
}
