import { useParams } from 'react-router';
import { ConfirmDelete } from '../admin/resource/confirm-delete.tsx';
import { usersApi } from './api.ts';

export function UserDelete() {
  const { id = '' } = useParams();
  const user = usersApi.useItem(id);
  const remove = usersApi.useDelete();
  return (
    <ConfirmDelete
      label={user.data?.username ?? '…'}
      listPath="/mc-admin/users"
      remove={{ ...remove, mutateAsync: () => remove.mutateAsync(id) }}
    />
  );
}
