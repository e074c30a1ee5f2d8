import type { SessionResponse } from '@hostdeck/contracts';
import type { UserWithRole } from '../auth/users.repo.ts';
import type { SessionStats } from './session-stats.ts';

/** What the member may see about themselves. Never the password hash, 2FA secret or tokens. */
export function presentSession({ user, role }: UserWithRole, stats: SessionStats): SessionResponse {
  return {
    success: true,
    error_code: null,
    user_info: {
      uuid: user.id,
      username: user.username,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      avatar: user.avatar,
      background: user.background,
      locale: user.locale,
      role: role.level,
      role_name: role.name,
      role_display_name: role.displayName,
      role_color: role.color,
      credits: user.coins,
      verified: user.emailVerifiedAt !== null,
      two_fa_enabled: user.twoFactorEnabled,
      public_profile: user.publicProfile,
      support_pin: user.supportPin,
      referral_code: user.referralCode,
      memory_limit: user.memoryLimit,
      cpu_limit: user.cpuLimit,
      disk_limit: user.diskLimit,
      server_limit: user.serverLimit,
      allocation_limit: user.allocationLimit,
      database_limit: user.databaseLimit,
      backup_limit: user.backupLimit,
      first_seen: user.firstSeenAt.toISOString(),
      last_seen: user.lastSeenAt.toISOString(),
    },
    billing: {
      company: user.billingCompany,
      address: user.billingAddress,
      city: user.billingCity,
      state: user.billingState,
      zip: user.billingZip,
      country: user.billingCountry,
      vat: user.billingVat,
    },
    stats,
    permissions: [...role.permissions],
  };
}

export function sessionFailure(errorCode: string): SessionResponse {
  return { success: false, error_code: errorCode, user_info: null, billing: null, stats: null, permissions: [] };
}
