import { builtinRoles } from '@hostdeck/contracts';
import type { Db } from './client.ts';
import { roles } from './schema/index.ts';

/** Inserts the built-in roles that are missing; never overwrites an operator's edits. */
export async function seedRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(
      builtinRoles.map((r) => ({
        name: r.name,
        displayName: r.display_name,
        color: r.color,
        level: r.level,
        permissions: r.permissions,
        builtin: true,
      })),
    )
    .onConflictDoNothing({ target: roles.name });
}
