// The access checks every client runs on each page, kept apart from the permission catalogue and
// its zod schema so a browser can use them without loading zod (the login path does not need it).

export const ROOT_PERMISSION = 'admin.root';

/** admin.root grants every permission. */
export function hasPermission(held: readonly string[], wanted: string): boolean {
  return held.includes(ROOT_PERMISSION) || held.includes(wanted);
}

/** Role levels 2 to 8 may enter the admin area. */
export const ADMIN_ROLE_MIN = 2;
export const ADMIN_ROLE_MAX = 8;
export function isAdminRole(level: unknown): boolean {
  const n = typeof level === 'string' ? Number(level) : level;
  return typeof n === 'number' && Number.isInteger(n) && n >= ADMIN_ROLE_MIN && n <= ADMIN_ROLE_MAX;
}

/**
 * What an admin route needs (specification, section 2: "login, admin role and a permission"): a role
 * of level 2 to 8 that holds the permission (or admin.root). A permission on a level-1 role opens nothing.
 */
export function mayUseAdminPermission(
  role: { level: unknown; permissions: readonly string[] },
  wanted: string,
): boolean {
  return isAdminRole(role.level) && hasPermission(role.permissions, wanted);
}
