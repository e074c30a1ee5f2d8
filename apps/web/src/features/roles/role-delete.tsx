import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { rolesApi } from './api.ts';

export function RoleDelete() {
  return <ResourceDeletePage api={rolesApi} label={(r) => r.display_name} listPath="/mc-admin/roles" />;
}
