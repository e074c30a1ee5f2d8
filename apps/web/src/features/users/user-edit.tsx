import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { CoinHistory } from '../coins/coin-history.tsx';
import { LoadError } from '../servers/page-parts.tsx';
import { usersApi } from './api.ts';
import { UserActions } from './user-actions.tsx';
import { UserActivity } from './user-activity.tsx';
import { UserProfileForm } from './user-profile-form.tsx';

export function UserEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = usersApi.useItem(id);
  const [saved, setSaved] = useState(false);
  if (user.isPending) return <Loading label={t('common.loading')} />;
  if (user.isError) return <LoadError error={user.error} back="/mc-admin/users" backLabel={t('users.backToList')} />;
  const u = user.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{u.username}</h1>
          <p className="text-sm text-muted">
            {u.email} · {u.role_display_name} · <span className="font-mono text-xs">{u.id}</span>
          </p>
        </div>
        <Link to="/mc-admin/users" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('users.backToList')}
        </Link>
      </header>
      {/* Keyed by version: a saved change reloads the form with the new record. */}
      {saved && <Alert tone="success">{t('resource.saved')}</Alert>}
      <UserProfileForm key={u.updated_at} user={u} onSaved={() => setSaved(true)} />
      <UserActions user={u} />
      {/* Under the users' key: an adjustment (which invalidates it) refreshes the history too. */}
      <CoinHistory
        source={{ path: `/api/admin/users/${u.id}/coins`, queryKey: [...usersApi.all, 'coins', u.id] }}
        empty={<p>{t('coins.emptyMember')}</p>}
      />
      <UserActivity id={u.id} />
    </div>
  );
}
