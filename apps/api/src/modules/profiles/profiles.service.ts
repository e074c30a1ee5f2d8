import { hasPermission, type Leaderboard, type Profile, type PublicMember } from '@hostdeck/contracts';
import { and, asc, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, servers, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { likeTerm } from '../../lib/paging.ts';
import type { SettingsService } from '../settings/settings.service.ts';

const publicColumns = {
  uuid: users.id,
  username: users.username,
  avatar: users.avatar,
  role_name: roles.name,
  role_display_name: roles.displayName,
  role_color: roles.color,
};
/** Members others may find (lookup, leaderboard): not deleted or being deleted, not banned, profile shown. */
const visible = and(
  isNull(users.deletedAt),
  isNull(users.deletionRequestedAt),
  eq(users.banned, false),
  eq(users.publicProfile, true),
) as SQL;
/** Staff who manage members see a hidden profile too. */
const STAFF_VIEW = 'admin.users.list';

export interface Viewer {
  id: string;
  permissions: readonly string[];
}

/** Profiles, member lookup and the leaderboard: what members may see of each other. */
export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async profile(viewer: Viewer, uuid: string): Promise<Profile> {
    const own = viewer.id === uuid;
    const staff = hasPermission([...viewer.permissions], STAFF_VIEW);
    if (!own && !this.settings.bool('allow_public_profiles'))
      throw new AppError('FEATURE_DISABLED', 'Profiles are private on this panel');
    const [row] = await this.db
      .select({
        ...publicColumns,
        background: users.background,
        skin: users.skin,
        joined: users.createdAt,
        early: users.earlySupporter,
        banned: users.banned,
        shown: users.publicProfile,
        leaving: users.deletionRequestedAt,
        servers: sql<number>`(select count(*)::int from ${servers} where ${servers.ownerId} = ${users.id})`,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, uuid), isNull(users.deletedAt)));
    // A hidden profile answers as a missing one (its existence is not disclosed), except to its owner and staff.
    if (!row || (!own && (row.banned || row.leaving || (!row.shown && !staff))))
      throw new AppError('NOT_FOUND', 'There is no such member');
    const { joined, early, banned, shown: _shown, leaving: _leaving, servers: serverCount, skin, ...member } = row;
    return {
      ...member,
      background: row.background,
      skin_url: skin,
      joined_at: joined.toISOString(),
      servers: Number(serverCount),
      early_supporter: early && this.settings.bool('early_supporters_enabled'),
      can_gift: !own && !banned && this.settings.bool('allow_coins_sharing'),
    };
  }

  /** Members whose username contains the text, those starting with it first; at most 20. */
  async lookup(q: string): Promise<PublicMember[]> {
    return this.db
      .select(publicColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(visible, ilike(users.username, likeTerm(q))))
      .orderBy(sql`position(lower(${q}) in lower(${users.username}))`, asc(sql`length(${users.username})`))
      .limit(20);
  }

  async leaderboard(by: Leaderboard['by']): Promise<Leaderboard> {
    if (!this.settings.bool('leaderboard_enabled'))
      throw new AppError('FEATURE_DISABLED', 'The leaderboard is switched off on this panel');
    const value: SQL<number> = {
      coins: sql<number>`${users.coins}`,
      afk: sql<number>`${users.afkMinutes}`,
      servers: sql<number>`(select count(*)::int from ${servers} where ${servers.ownerId} = ${users.id})`,
      referrals: sql<number>`(select count(*)::int from users referred where referred.referred_by = ${users.id})`,
    }[by];
    const rows = await this.db
      .select({ ...publicColumns, value: value.as('value') })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(visible)
      .orderBy(desc(sql`value`), asc(users.createdAt))
      .limit(this.settings.number('leaderboard_limit'));
    return {
      success: true,
      by,
      entries: rows.map((r, i) => ({ ...r, value: Number(r.value), rank: i + 1 })),
    };
  }
}
