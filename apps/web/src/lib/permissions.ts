import { hasPermission } from '@hostdeck/contracts';
import { useSession } from './use-session.ts';

/** Whether the signed-in member holds a permission (admin.root grants all). The server enforces; this only reflects. */
export function useCan(permission: string | undefined): boolean {
  const { data } = useSession();
  if (!permission) return true;
  return hasPermission(data?.permissions ?? [], permission);
}
