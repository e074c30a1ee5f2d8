import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { usersApi } from './api.ts';

export function UserDelete() {
  return <ResourceDeletePage api={usersApi} label={(u) => u.username} listPath="/mc-admin/users" />;
}
