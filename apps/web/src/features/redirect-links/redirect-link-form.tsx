import { type RedirectLink, RedirectLinkCreateSchema, RedirectLinkUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { ResourceEditPage, ResourceFormFrame } from '../admin/resource/resource-edit-page.tsx';
import { useResourceEditor } from '../admin/resource/use-resource-editor.ts';
import { BASE, linkAddress, redirectLinksApi } from './api.ts';

/** /mc-admin/redirect-links/create and /:id/edit: one form, validated by the contract's schemas. */
export function RedirectLinkFormPage() {
  return <ResourceEditPage api={redirectLinksApi}>{(link) => <RedirectLinkForm link={link} />}</ResourceEditPage>;
}

function RedirectLinkForm({ link }: { link?: RedirectLink }) {
  const { t } = useTranslation();
  const editor = useResourceEditor({
    api: redirectLinksApi,
    item: link,
    create: RedirectLinkCreateSchema,
    update: RedirectLinkUpdateSchema,
    listPath: BASE,
    // Names are unique: a taken one is this field's problem.
    unique: { field: 'name', message: 'redirectLinks.taken' },
    defaults: (l) => (l ? { name: l.name, url: l.url } : { name: '', url: '' }),
  });
  const { form, errors } = editor;
  const name = (form.watch('name') ?? '').trim().toLowerCase();
  return (
    <ResourceFormFrame
      editor={editor}
      title={link ? t('redirectLinks.editTitle', { name: `/${link.name}` }) : t('redirectLinks.createTitle')}
      cancelTo={BASE}
      testId="redirect-link"
    >
      <Field
        className="[&_input]:font-mono"
        label={t('redirectLinks.fields.name')}
        hint={t('redirectLinks.hints.name', { address: linkAddress(name || 'discord') })}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label={t('redirectLinks.fields.url')}
        hint={t('redirectLinks.hints.url')}
        type="url"
        inputMode="url"
        placeholder="https://"
        error={errors.url?.message}
        {...form.register('url')}
      />
    </ResourceFormFrame>
  );
}
