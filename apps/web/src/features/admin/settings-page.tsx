import { type AdminSetting, ROOT_PERMISSION, settingGroups, settingsByKey } from '@hostdeck/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { MailTest } from '../mail-templates/mail-test.tsx';
import { useAdminSettings, useSaveSettings } from './api.ts';
import { DemoPanelButton } from './demo-panel-button.tsx';
import { PanelTest } from './panel-test.tsx';
import { type Draft, SettingField } from './setting-field.tsx';
import { useScrollToHash } from './use-scroll-to-hash.ts';

const initial = (s: AdminSetting): Draft => (s.visibility === 'secret' ? '' : (s.value ?? ''));

/** Grouped, typed form over the settings catalogue; only changed keys are sent. */
export function SettingsPage() {
  const { t } = useTranslation();
  const query = useAdminSettings();
  const save = useSaveSettings();
  const canEdit = useCan('admin.settings.edit');
  const canRoot = useCan(ROOT_PERMISSION);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const groups = useMemo(() => {
    const list = query.data?.settings ?? [];
    return settingGroups
      .map((g) => ({ group: g, items: list.filter((s) => s.group === g) }))
      .filter((g) => g.items.length > 0);
  }, [query.data]);

  // Links such as /mc-admin/settings#settings-panel (from an empty catalogue) land on their group.
  useScrollToHash(groups.length > 0);
  if (query.isPending) return <Loading label={t('common.loading')} />;
  if (query.isError)
    return <Alert>{t(`errors.${query.error instanceof ApiError ? query.error.code : 'SERVER_ERROR'}`)}</Alert>;

  const changed = Object.keys(drafts);
  const submit = async (values: Record<string, Draft | null>) => {
    setErrors({});
    setSaved(false);
    try {
      await save.mutateAsync(values);
      setDrafts({});
      setSaved(true);
    } catch (err) {
      // Field sentences go to their fields (a refused value, a panel flavour that cannot change yet);
      // the code's own words above the form.
      if (err instanceof ApiError)
        setErrors({ ...err.fields, _form: t(`errors.${err.code}`, { defaultValue: err.message }) });
    }
  };

  return (
    <form
      className="mx-auto flex max-w-4xl flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(drafts);
      }}
    >
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('admin.nav.settings')}</h1>
          <p className="text-sm text-muted">{t('settings.subtitle')}</p>
        </div>
        <Link to="/mc-admin/settings/old" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('admin.nav.settingsRaw')}
        </Link>
      </header>
      {saved && <Alert tone="success">{t('settings.saved')}</Alert>}
      {errors._form && <Alert>{errors._form}</Alert>}
      {groups.map(({ group, items }) => (
        <fieldset key={group} id={`settings-${group}`} className="surface scroll-mt-20 p-5" disabled={!canEdit}>
          <legend className="px-1 text-lg font-semibold">{t(`settings.groups.${group}`)}</legend>
          {items.map((s) => (
            <SettingField
              key={s.key}
              setting={s}
              value={drafts[s.key] ?? initial(s)}
              error={errors[s.key]}
              locked={!canRoot && settingsByKey.get(s.key)?.rootOnly === true}
              onReset={() => void submit({ [s.key]: null })}
              onChange={(v) =>
                setDrafts((d) => {
                  const next = { ...d, [s.key]: v };
                  if (v === initial(s)) delete next[s.key];
                  return next;
                })
              }
            />
          ))}
          {group === 'panel' && canEdit && <PanelTest dirty={changed.length > 0} />}
          {group === 'panel' && canEdit && !items.some((s) => s.key === 'pterodactyl_base_url' && s.value) && (
            <div className="pt-4">
              <DemoPanelButton />
            </div>
          )}
          {group === 'mail' && canEdit && <MailTest dirty={changed.length > 0} />}
        </fieldset>
      ))}
      {canEdit && (
        <div className="surface sticky bottom-4 flex flex-wrap items-center justify-between gap-3 p-3">
          <span className="text-sm text-muted">{t('settings.pending', { count: changed.length })}</span>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={changed.length === 0} onClick={() => setDrafts({})}>
              {t('settings.discard')}
            </Button>
            <Button type="submit" disabled={changed.length === 0 || save.isPending}>
              {save.isPending ? t('common.working') : t('settings.save')}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
