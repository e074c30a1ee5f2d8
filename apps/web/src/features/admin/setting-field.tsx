import type { AdminSetting } from '@hostdeck/contracts';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../../components/ui/markdown-editor.tsx';
import { isLocale, languageNames } from '../../lib/i18n.ts';

export type Draft = string | number | boolean;

const input =
  'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-rose-500';

/** One typed control per setting type; secrets are write-only (an empty box means "keep"). */
export function SettingField({
  setting,
  value,
  onChange,
  onReset,
  error,
  locked = false,
}: {
  setting: AdminSetting;
  value: Draft;
  onChange: (v: Draft) => void;
  onReset: () => void;
  error?: string;
  /** Shown but not editable: a setting only admin.root may change (`rootOnly` in the catalogue). */
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`settings.keys.${setting.key}`, { defaultValue: setting.key });
  const secret = setting.visibility === 'secret';
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': `${id}-desc` };
  // The main language's options are locale codes: each shows under its own name, as in the language menus.
  const optionLabel = (o: string) =>
    setting.key === 'app_lang' && isLocale(o)
      ? languageNames[o]
      : t(`settings.options.${setting.key}.${o}`, { defaultValue: o });
  let control: React.ReactNode;
  if (setting.type === 'boolean') {
    control = (
      <button
        type="button"
        role="switch"
        aria-checked={value === true}
        {...common}
        onClick={() => onChange(value !== true)}
        className={`relative h-6 w-11 rounded-full transition ${value === true ? 'bg-brand-500' : 'bg-slate-400 dark:bg-slate-700'}`}
      >
        <span
          className={`absolute top-0.5 size-5 rounded-full bg-white transition ${value === true ? 'left-5.5' : 'left-0.5'}`}
        />
      </button>
    );
  } else if (setting.type === 'integer') {
    control = (
      <input
        type="number"
        {...common}
        min={setting.min}
        max={setting.max}
        step={1}
        value={String(value)}
        onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
        className={input}
      />
    );
  } else if (setting.type === 'select') {
    control = (
      <select {...common} value={String(value)} onChange={(e) => onChange(e.target.value)} className={input}>
        {setting.options?.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    );
  } else if (setting.type === 'markdown') {
    // The same editor and safe renderer as announcements: the preview is what visitors will see.
    return (
      <fieldset disabled={locked} className="border-b border-slate-200 py-4 last:border-0 dark:border-slate-800">
        {locked && <p className="mb-2 text-xs font-medium text-muted">{t('settings.rootOnly')}</p>}
        <MarkdownEditor
          label={label}
          error={error}
          maxLength={setting.max_length}
          value={String(value)}
          preview={String(value)}
          onChange={(e) => onChange(e.target.value)}
        />
        {setting.is_set && (
          <button
            type="button"
            onClick={onReset}
            className="mt-2 inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs text-muted hover:bg-slate-200 dark:hover:bg-slate-800"
            aria-label={t('settings.resetKey', { key: label })}
          >
            <RotateCcw className="size-3.5" aria-hidden />
            {t('settings.reset')}
          </button>
        )}
      </fieldset>
    );
  } else if (setting.type === 'text' || setting.type === 'code') {
    control = (
      <textarea
        {...common}
        rows={setting.type === 'code' ? 6 : 8}
        maxLength={setting.max_length}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
        className={`${input} ${setting.type === 'code' ? 'font-mono' : ''}`}
      />
    );
  } else {
    control = (
      <input
        type={secret ? 'password' : setting.type === 'url' ? 'url' : setting.type === 'email' ? 'email' : 'text'}
        autoComplete={secret ? 'new-password' : 'off'}
        placeholder={secret ? t(setting.is_set ? 'settings.secretSet' : 'settings.secretUnset') : undefined}
        {...common}
        maxLength={setting.max_length}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
        className={input}
      />
    );
  }
  return (
    <div className="grid gap-2 border-b border-slate-200 py-4 last:border-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] sm:gap-6 dark:border-slate-800">
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
          {secret && (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-[10px] uppercase dark:bg-slate-800">
              {t(setting.is_set ? 'settings.secretSet' : 'settings.secretUnset')}
            </span>
          )}
        </label>
        <p id={`${id}-desc`} className="mt-0.5 text-xs text-muted">
          {t(`settings.descriptions.${setting.key}`, { defaultValue: setting.description })}{' '}
          <code className="text-[10px] text-muted">{setting.key}</code>
          {locked && <span className="mt-1 block font-medium">{t('settings.rootOnly')}</span>}
        </p>
      </div>
      {/* A disabled fieldset takes the control and its reset button out of reach together. */}
      <fieldset disabled={locked} className="flex min-w-0 items-start gap-2">
        <div className="min-w-0 flex-1">
          {control}
          {error && (
            <p role="alert" className="mt-1 text-xs font-medium text-danger">
              {error}
            </p>
          )}
        </div>
        {setting.is_set && (
          <button
            type="button"
            onClick={onReset}
            className="rounded-lg p-2 text-muted hover:bg-slate-200 dark:hover:bg-slate-800"
            title={t('settings.reset')}
            aria-label={t('settings.resetKey', { key: label })}
          >
            <RotateCcw className="size-4" aria-hidden />
          </button>
        )}
      </fieldset>
    </div>
  );
}
