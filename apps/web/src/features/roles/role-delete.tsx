import { useParams } from 'react-router';
import { ConfirmDelete } from '../admin/resource/confirm-delete.tsx';
import { rolesApi } from './api.ts';

export function RoleDelete() {
  const { id = '' } = useParams();
  const role = rolesApi.useItem(id);
  const remove = rolesApi.useDelete();
  return (
    <ConfirmDelete
      label={role.data?.display_name ?? '…'}
      listPath="/mc-admin/roles"
      remove={{ ...remove, mutateAsync: () => remove.mutateAsync(id) }}
    />
  );
}
