import { hasPermission, type PermissionEntry, type PluginPermission, permissionCatalogue } from '@hostdeck/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSession } from '../../lib/use-session.ts';
import { LoadError } from '../servers/page-parts.tsx';
import { rolesApi, usePluginPermissions, useRoleForPermissions } from './api.ts';

const categories = [...new Set(permissionCatalogue.map((p) => p.category))];

/**
 * The permission editor, generated from the catalogue: one box per permission, grouped by category;
 * then the permissions installed plugins add, one category per plugin (their manifest's words).
 */
export function RolePermissions() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const role = useRoleForPermissions(id);
  const { data: session } = useSession();
  const canEdit = useCan('admin.permissions.edit');
  const save = rolesApi.useAction<{ permissions: string[]; updated_at: string }>(id, 'permissions', 'PUT');
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const pluginPermissions = usePluginPermissions(useCan('admin.roles.list')).data?.data ?? [];
  if (role.isPending) return <Loading label={t('common.loading')} />;
  if (role.isError) return <LoadError error={role.error} back="/mc-admin/roles" backLabel={t('roles.backToList')} />;
  const current = chosen ?? new Set(role.data.permissions);
  const mine = session?.permissions ?? [];
  const toggle = (value: string) => {
    const next = new Set(current);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    setChosen(next);
  };
  const error =
    save.error instanceof ApiError ? t(`errors.${save.error.code}`, { defaultValue: save.error.message }) : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('roles.permissionsOf', { name: role.data.display_name })}</h1>
        <Link to="/mc-admin/roles" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('roles.backToList')}
        </Link>
      </header>
      {error && <Alert>{error}</Alert>}
      {save.isSuccess && <Alert tone="success">{t('resource.saved')}</Alert>}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {categories.map((category) => (
          <fieldset key={category} className="surface p-4" disabled={!canEdit}>
            <legend className="px-1 font-semibold">{t(`permissionCategories.${category.replace(/ /g, '_')}`)}</legend>
            {permissionCatalogue
              .filter((p) => p.category === category)
              .map((p) => (
                <label key={p.value} className="flex items-start gap-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1 size-4"
                    checked={current.has(p.value)}
                    disabled={!hasPermission(mine, p.value)}
                    onChange={() => toggle(p.value)}
                  />
                  <span>
                    <span className="font-mono text-xs break-all">{p.value}</span>
                    <span className="block text-xs text-muted">{describePermission(p, t)}</span>
                  </span>
                </label>
              ))}
          </fieldset>
        ))}
        {groupByPlugin(pluginPermissions).map(([plugin, name, list]) => (
          <fieldset
            key={plugin}
            className="surface p-4"
            disabled={!canEdit}
            data-testid={`plugin-permissions-${plugin}`}
          >
            <legend className="px-1 font-semibold">{t('roles.pluginCategory', { name })}</legend>
            {list.map((p) => (
              <label key={p.key} className="flex items-start gap-2 py-1 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 size-4"
                  checked={current.has(p.key)}
                  disabled={!hasPermission(mine, p.key)}
                  onChange={() => toggle(p.key)}
                />
                <span>
                  <span className="font-mono text-xs break-all">{p.key}</span>
                  <span className="block text-xs text-muted">{p.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {canEdit && (
        <div className="surface sticky bottom-4 flex justify-end p-3">
          <Button
            disabled={!chosen || save.isPending}
            onClick={() =>
              void save.mutateAsync({ permissions: [...current], updated_at: role.data.updated_at }).then(
                () => setChosen(null),
                () => undefined,
              )
            }
          >
            {t('resource.save')}
          </Button>
        </div>
      )}
    </div>
  );
}

function groupByPlugin(list: PluginPermission[]): [string, string, PluginPermission[]][] {
  const groups = new Map<string, [string, string, PluginPermission[]]>();
  for (const p of list) {
    const group = groups.get(p.plugin) ?? [p.plugin, p.plugin_name, []];
    group[2].push(p);
    groups.set(p.plugin, group);
  }
  return [...groups.values()];
}

/** The catalogue's description in the member's language: verb templates over translated nouns, or the entry's own text. */
export function describePermission(p: PermissionEntry, t: TFunction): string {
  if (p.verb && p.noun) return t(`permissions.verbs.${p.verb}`, { noun: t(`permissions.nouns.${p.noun}`) });
  return t(`permissions.special.${p.constant}`);
}
