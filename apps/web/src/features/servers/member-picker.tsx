import type { AdminUser } from '@hostdeck/contracts';
import { UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { usersApi } from '../users/api.ts';

/** Search members by username or email and choose one (the server queue request is made for them). */
export function MemberPicker({
  value,
  onChange,
}: {
  value: AdminUser | null;
  onChange: (u: AdminUser | null) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const params = new URLSearchParams({ per_page: '8' });
  if (query) params.set('search', query);
  const users = usersApi.useList(params);

  if (value)
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="member-chosen">
        <UserRound className="size-9 shrink-0 rounded-full bg-brand-500/10 p-2 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{value.username}</p>
          <p className="truncate text-xs text-muted">{value.email}</p>
          <p className="text-xs text-muted">
            {t('servers.admin.memberLimits', {
              memory: f.megabytes(value.memory_limit),
              cpu: f.percent(value.cpu_limit),
              disk: f.megabytes(value.disk_limit),
              servers: f.number(value.server_limit),
            })}
          </p>
        </div>
        <Button variant="secondary" data-testid="member-change" onClick={() => onChange(null)}>
          {t('servers.admin.changeMember')}
        </Button>
      </div>
    );
  const rows = users.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t('servers.admin.findMember')}
        hint={t('servers.admin.findHint')}
        type="search"
        data-testid="member-search"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {users.isPending && <Loading label={t('common.loading')} />}
      {users.isError && (
        <Alert>{t(`errors.${users.error instanceof ApiError ? users.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {users.data && rows.length === 0 && <p className="text-sm text-muted">{t('servers.admin.noMembers')}</p>}
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('servers.admin.members')} aria-busy={users.isFetching}>
          {rows.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                data-testid="member-option"
                data-username={u.username}
                onClick={() => onChange(u)}
                className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-left hover:border-brand-400 dark:border-slate-800"
              >
                <UserRound className="size-5 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{u.username}</span>
                  <span className="block truncate text-xs text-muted">{u.email}</span>
                </span>
                {u.banned && (
                  <span className="rounded bg-rose-500/15 px-2 py-0.5 text-xs text-rose-600">{t('users.banned')}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
