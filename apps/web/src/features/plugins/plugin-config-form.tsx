import type { PluginConfigField, PluginDetail } from '@hostdeck/contracts';
import type { TFunction } from 'i18next';
import { type ReactNode, useId, useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useApiForm } from '../auth/use-api-form.ts';

type Values = Record<string, unknown>;

const box =
  'w-full min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-400 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-rose-500';
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** The field's own form (`pattern`), told in its words (`patternMessage`, localized) when not met. */
function withPattern(s: z.ZodType<string>, f: PluginConfigField, t: TFunction): z.ZodType<string> {
  if (!('pattern' in f) || !f.pattern) return s;
  const pattern = new RegExp(f.pattern, 'u');
  return s.refine((v) => v === '' || pattern.test(v), f.patternMessage ?? t('adminPlugins.patternMismatch'));
}

/** The checks of the manifest's fields, in the admin's language; the server checks the same again. */
function schemaOf(fields: PluginConfigField[], t: TFunction) {
  const required = t('adminPlugins.required');
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.type === 'string' || f.type === 'text' || f.type === 'url') {
      let s = z.string().max(f.maxLength);
      if (f.required) s = s.min(1, required);
      const url = f.type === 'url' ? s.refine((v) => v === '' || HTTP_URL.test(v), t('validation.httpUrl')) : s;
      shape[f.key] = withPattern(url, f, t);
    } else if (f.type === 'secret') {
      shape[f.key] = withPattern(z.string().max(f.maxLength), f, t);
    } else if (f.type === 'number') {
      // An empty box is "required"; a number out of range keeps zod's own words.
      const number = z.number({ error: (issue) => (issue.input == null ? required : undefined) });
      let n = f.integer ? number.int() : number;
      if (f.min !== undefined) n = n.min(f.min);
      if (f.max !== undefined) n = n.max(f.max);
      shape[f.key] = f.required ? n : n.nullable();
    } else if (f.type === 'boolean') {
      shape[f.key] = z.boolean();
    } else if (f.type === 'select' && f.multiple) {
      shape[f.key] = f.required ? z.array(z.string()).min(1, required) : z.array(z.string());
    } else {
      shape[f.key] = f.required ? z.string().min(1, required) : z.string();
    }
  }
  return z.object(shape) as unknown as z.ZodType<Values, FieldValues>;
}

/** The form's start: the saved values (or the defaults); a secret is never filled in. */
function initialValues(plugin: PluginDetail): Values {
  const out: Values = {};
  for (const f of plugin.config) {
    const saved = plugin.values[f.key];
    if (f.type === 'secret') out[f.key] = '';
    else if (f.type === 'number') out[f.key] = typeof saved === 'number' ? saved : (f.default ?? null);
    else if (f.type === 'boolean') out[f.key] = typeof saved === 'boolean' ? saved : (f.default ?? false);
    else if (f.type === 'select' && f.multiple)
      out[f.key] = Array.isArray(saved) ? saved.map(String) : f.default ? [f.default] : [];
    else out[f.key] = typeof saved === 'string' ? saved : (f.default ?? '');
  }
  return out;
}

function defaultText(f: PluginConfigField, t: TFunction): string | null {
  if (f.type === 'secret' || f.default === undefined || f.default === '') return null;
  if (f.type === 'boolean') return t(f.default ? 'adminPlugins.defaultOn' : 'adminPlugins.defaultOff');
  if (f.type === 'select') {
    const label = f.options.find((o) => o.value === f.default)?.label ?? f.default;
    return t('adminPlugins.default', { value: label });
  }
  return t('adminPlugins.default', { value: String(f.default) });
}

function rangeText(f: PluginConfigField, t: TFunction): string | null {
  if (f.type !== 'number') return null;
  if (f.min !== undefined && f.max !== undefined) return t('adminPlugins.range', { min: f.min, max: f.max });
  if (f.min !== undefined) return t('adminPlugins.min', { min: f.min });
  if (f.max !== undefined) return t('adminPlugins.max', { max: f.max });
  return null;
}

/**
 * A plugin's settings, generated from its manifest's fields: string and url → input, text → text area,
 * secret → write-only password box ("set" / "not set", a way to clear it, never filled in), number →
 * number box with its range, boolean → switch, select → select (checkboxes when several may be chosen).
 * The manifest's labels and descriptions, the defaults beside; the server's field errors under their fields.
 */
export function PluginConfigForm({
  plugin,
  save,
  onSaved,
}: {
  plugin: PluginDetail;
  save: (values: Values) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  const [schema] = useState(() => schemaOf(plugin.config, t));
  const { form, onSubmit, error } = useApiForm<Values>(
    schema,
    async (values) => {
      const body: Values = {};
      for (const f of plugin.config) {
        const v = values[f.key];
        // A secret left empty keeps its value (left out); "" clears it.
        if (f.type === 'secret') {
          if (cleared.has(f.key)) body[f.key] = '';
          else if (typeof v === 'string' && v !== '') body[f.key] = v;
        } else if (f.type === 'select' && !f.multiple && v === '') body[f.key] = null;
        else body[f.key] = v;
      }
      await save(body);
      onSaved();
    },
    { defaultValues: initialValues(plugin) },
  );
  const errors = form.formState.errors;
  const message = (key: string) => errors[key]?.message as string | undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="plugin-config-form">
      {error && <Alert>{error}</Alert>}
      {plugin.config.map((f) => (
        <Row
          key={f.key}
          field={f}
          error={message(f.key)}
          hints={[f.description, rangeText(f, t), defaultText(f, t)]}
          badge={
            f.type === 'secret' ? (
              <span
                className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-[10px] uppercase dark:bg-slate-800"
                data-testid={`secret-state-${f.key}`}
              >
                {t(plugin.secrets_set.includes(f.key) ? 'adminPlugins.secretSet' : 'adminPlugins.secretUnset')}
              </span>
            ) : null
          }
        >
          {(control) => {
            if (f.type === 'text')
              return (
                <textarea {...control} rows={4} maxLength={f.maxLength} className={box} {...form.register(f.key)} />
              );
            if (f.type === 'string' || f.type === 'url')
              return (
                <input
                  {...control}
                  type={f.type === 'url' ? 'url' : 'text'}
                  maxLength={f.maxLength}
                  className={box}
                  {...form.register(f.key)}
                />
              );
            if (f.type === 'number')
              return (
                <input
                  {...control}
                  type="number"
                  min={f.min}
                  max={f.max}
                  step={f.integer ? 1 : 'any'}
                  className={box}
                  {...form.register(f.key, {
                    setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
                  })}
                />
              );
            if (f.type === 'secret') {
              const isSet = plugin.secrets_set.includes(f.key);
              const isCleared = cleared.has(f.key);
              const mark = (clear: boolean) => {
                const next = new Set(cleared);
                if (clear) next.add(f.key);
                else next.delete(f.key);
                if (clear) form.setValue(f.key, '');
                setCleared(next);
              };
              return (
                <div className="flex flex-col gap-1">
                  <div className="flex gap-2">
                    <input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      placeholder={isSet ? t('adminPlugins.secretKeep') : undefined}
                      disabled={isCleared}
                      maxLength={f.maxLength}
                      className={box}
                      {...form.register(f.key)}
                    />
                    {isSet && (
                      <Button
                        variant="secondary"
                        onClick={() => mark(!isCleared)}
                        aria-label={t(isCleared ? 'adminPlugins.undoClearNamed' : 'adminPlugins.secretClearNamed', {
                          name: f.label,
                        })}
                        data-testid={`secret-clear-${f.key}`}
                      >
                        {t(isCleared ? 'adminPlugins.undoClear' : 'adminPlugins.secretClear')}
                      </Button>
                    )}
                  </div>
                  {isCleared && (
                    <p className="text-xs text-amber-700 dark:text-amber-300">{t('adminPlugins.secretWillClear')}</p>
                  )}
                </div>
              );
            }
            if (f.type === 'boolean')
              return (
                <Controller
                  control={form.control}
                  name={f.key}
                  render={({ field }) => (
                    <button
                      type="button"
                      role="switch"
                      id={control.id}
                      aria-describedby={control['aria-describedby']}
                      aria-checked={field.value === true}
                      onClick={() => field.onChange(field.value !== true)}
                      onBlur={field.onBlur}
                      className={`relative h-6 w-11 rounded-full transition ${field.value === true ? 'bg-brand-500' : 'bg-slate-400 dark:bg-slate-700'}`}
                    >
                      <span
                        className={`absolute top-0.5 size-5 rounded-full bg-white transition ${field.value === true ? 'left-5.5' : 'left-0.5'}`}
                      />
                    </button>
                  )}
                />
              );
            if (f.type !== 'select') return null;
            if (f.multiple)
              return (
                <Controller
                  control={form.control}
                  name={f.key}
                  render={({ field }) => {
                    const chosen = new Set(Array.isArray(field.value) ? (field.value as string[]) : []);
                    return (
                      <fieldset className="flex flex-col gap-1" aria-labelledby={`${control.id}-label`}>
                        {f.options.map((o) => (
                          <label key={o.value} className="flex items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              className="size-4"
                              checked={chosen.has(o.value)}
                              onChange={() => {
                                const next = new Set(chosen);
                                if (next.has(o.value)) next.delete(o.value);
                                else next.add(o.value);
                                field.onChange(f.options.map((x) => x.value).filter((x) => next.has(x)));
                              }}
                              onBlur={field.onBlur}
                            />
                            {o.label}
                          </label>
                        ))}
                      </fieldset>
                    );
                  }}
                />
              );
            return (
              <Controller
                control={form.control}
                name={f.key}
                render={({ field }) => (
                  <select
                    {...control}
                    className={box}
                    name={field.name}
                    ref={field.ref}
                    value={String(field.value ?? '')}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    {!f.required && <option value="">{t('adminPlugins.selectNone')}</option>}
                    {f.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              />
            );
          }}
        </Row>
      ))}
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting} data-testid="plugin-config-submit">
          {form.formState.isSubmitting ? t('common.working') : t('resource.save')}
        </Button>
      </div>
    </form>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** A field's label (the manifest's), its control, the hints (description, range, default) and its error. */
function Row({
  field,
  error,
  hints,
  badge,
  children,
}: {
  field: PluginConfigField;
  error?: string;
  hints: (string | null | undefined)[];
  badge: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const shown = hints.filter((h): h is string => Boolean(h));
  const described = [shown.length ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const group = field.type === 'select' && field.multiple;
  const star = field.required && (
    <span className="ml-1 text-rose-600 dark:text-rose-400" aria-hidden>
      *
    </span>
  );
  return (
    <div className="flex flex-col gap-1.5" data-testid={`plugin-field-${field.key}`}>
      <div className="flex flex-wrap items-center gap-1">
        {group ? (
          <span id={`${id}-label`} className="text-sm font-medium">
            {field.label}
          </span>
        ) : (
          <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium">
            {field.label}
          </label>
        )}
        {star}
        {badge}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
        'aria-required': field.required || undefined,
      })}
      {shown.length > 0 && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {shown.join(' · ')}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
