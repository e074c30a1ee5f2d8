import { type Leaderboard, mayUseAdminPermission, type Profile, type PublicMember } from '@hostdeck/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
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
/** Member lookup: the most it answers, and how many names containing the text it ranks. */
const LOOKUP_LIMIT = 20;
const LOOKUP_CANDIDATES = 1000;
/** Staff who manage members see a hidden profile too. */
const STAFF_VIEW = 'admin.users.list';

export interface Viewer {
  id: string;
  /** The viewer's role: staff (level 2–8 holding the staff permission) see what members hide. */
  role: { level: number; permissions: readonly string[] };
}

/** Profiles, member lookup and the leaderboard: what members may see of each other. */
export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async profile(viewer: Viewer, uuid: string): Promise<Profile> {
    const own = viewer.id === uuid;
    const staff = mayUseAdminPermission(viewer.role, STAFF_VIEW);
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
        servers: users.serverCount,
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

  /**
   * Members whose username contains the text, at most 20: those starting with it first, in name order
   * (a range of the prefix index, however many members there are), then the others, those with the
   * text nearest the start and the shortest names first. The others are ranked among the first
   * LOOKUP_CANDIDATES found (trigram index), so a text inside very many names costs the same as any.
   */
  async lookup(q: string): Promise<PublicMember[]> {
    const name = sql`(lower(${users.username}) collate "C")`;
    const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const starting = await this.db
      .select(publicColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(visible, sql`${name} like ${`${escaped}%`}`))
      .orderBy(name)
      .limit(LOOKUP_LIMIT);
    if (starting.length === LOOKUP_LIMIT) return starting;
    const candidates = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(visible, ilike(users.username, likeTerm(q)), sql`not ${name} like ${`${escaped}%`}`))
      .limit(LOOKUP_CANDIDATES);
    const inside = await this.db
      .select(publicColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(inArray(users.id, candidates))
      .orderBy(sql`position(lower(${q}) in lower(${users.username}))`, asc(sql`length(${users.username})`), name)
      .limit(LOOKUP_LIMIT - starting.length);
    return [...starting, ...inside];
  }

  async leaderboard(by: Leaderboard['by']): Promise<Leaderboard> {
    if (!this.settings.bool('leaderboard_enabled'))
      throw new AppError('FEATURE_DISABLED', 'The leaderboard is switched off on this panel');
    // Each is a column with its own index (users_<kind>_idx): the top rows are read off the index.
    const column = {
      coins: users.coins,
      afk: users.afkMinutes,
      servers: users.serverCount,
      referrals: users.referralCount,
    }[by];
    const rows = await this.db
      .select({ ...publicColumns, value: column })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(visible)
      .orderBy(desc(column), asc(users.createdAt))
      .limit(this.settings.number('leaderboard_limit'));
    return {
      success: true,
      by,
      entries: rows.map((r, i) => ({ ...r, value: Number(r.value), rank: i + 1 })),
    };
  }
}
