import { type EmbedSettings, EmbedSettingsSchema, embedPlaceholders, type HostedImage } from '@hostdeck/contracts';
import { MessageSquareText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextAreaField } from '../admin/resource/text-area-field.tsx';
import { useApiForm } from '../auth/use-api-form.ts';
import { useSaveEmbed } from './api.ts';
import { EmbedPreview } from './embed-preview.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * What Discord and other link previews show for the member's image pages, with a preview that follows
 * every keystroke. The contract's schema checks it here and again on the server.
 */
export function EmbedSection({ embed, sample }: { embed: EmbedSettings; sample: HostedImage | null }) {
  const { t } = useTranslation();
  const save = useSaveEmbed();
  const switchId = useId();
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, error } = useApiForm<EmbedSettings>(
    EmbedSettingsSchema,
    async (values) => {
      const stored = await save.mutateAsync(values);
      form.reset(stored);
      setSaved(true);
    },
    { defaultValues: embed },
  );
  const { errors, isSubmitting, isDirty } = form.formState;
  const live = form.watch();
  const color = form.register('color');
  return (
    <section className="surface flex flex-col gap-4 p-5" data-testid="embed-section">
      <header className="flex items-center gap-2">
        <MessageSquareText className="size-5 text-brand-500" aria-hidden />
        <h2 className="text-lg font-semibold">{t('hostedImages.embed.title')}</h2>
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('hostedImages.embed.intro')}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            setSaved(false);
            void onSubmit(e);
          }}
          onChange={() => setSaved(false)}
        >
          <label htmlFor={switchId} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              aria-checked={live.enabled}
              className="size-4 accent-brand-500"
              data-testid="embed-enabled"
              {...form.register('enabled')}
            />
            {t('hostedImages.embed.enabled')}
          </label>
          <Field
            label={t('hostedImages.embed.fields.title')}
            maxLength={120}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextAreaField
            label={t('hostedImages.embed.fields.description')}
            maxLength={300}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="text-xs text-muted" data-testid="embed-placeholders">
            <p>{t('hostedImages.embed.placeholders')}</p>
            <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {embedPlaceholders.map((p) => (
                <li key={p}>
                  <code className="rounded bg-slate-200 px-1 dark:bg-slate-800">{p}</code>{' '}
                  {t(`hostedImages.embed.placeholder.${p.slice(1, -1)}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex items-end gap-2">
            <input
              type="color"
              aria-label={t('hostedImages.embed.fields.colorPicker')}
              value={HEX.test(live.color) ? live.color.toLowerCase() : '#5865f2'}
              onChange={(e) => form.setValue('color', e.target.value, { shouldDirty: true, shouldValidate: true })}
              className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-transparent dark:border-slate-700"
            />
            <Field
              className="flex-1"
              label={t('hostedImages.embed.fields.color')}
              maxLength={7}
              spellCheck={false}
              error={errors.color?.message}
              {...color}
            />
          </div>
          <Field
            label={t('hostedImages.embed.fields.siteName')}
            maxLength={80}
            error={errors.site_name?.message}
            {...form.register('site_name')}
          />
          {error && <Alert>{error}</Alert>}
          {saved && !isDirty && <Alert tone="success">{t('hostedImages.embed.saved')}</Alert>}
          <Button type="submit" className="self-start" disabled={isSubmitting} data-testid="embed-save">
            {isSubmitting ? t('common.working') : t('hostedImages.embed.save')}
          </Button>
        </form>
        <EmbedPreview embed={live} sample={sample} />
      </div>
    </section>
  );
}
