import { type J4rServer, J4rServerCreateSchema, J4rServerUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { nullableText, requiredNumber } from '../admin/resource/form-values.ts';
import { ResourceEditPage, ResourceFormFrame } from '../admin/resource/resource-edit-page.tsx';
import { TextAreaField } from '../admin/resource/text-area-field.tsx';
import { useResourceEditor } from '../admin/resource/use-resource-editor.ts';
import { BASE, j4rServersApi } from './api.ts';

/** /mc-admin/j4r-servers/create and /:id/edit: one form, validated by the contract's schemas. */
export function J4rServerFormPage() {
  return <ResourceEditPage api={j4rServersApi}>{(server) => <J4rServerForm server={server} />}</ResourceEditPage>;
}

function J4rServerForm({ server }: { server?: J4rServer }) {
  const { t } = useTranslation();
  const editor = useResourceEditor({
    api: j4rServersApi,
    item: server,
    create: J4rServerCreateSchema,
    update: J4rServerUpdateSchema,
    listPath: BASE,
    // One entry per Discord server: a server listed already is this field's problem.
    unique: { field: 'guild_id', message: 'j4rServers.taken' },
    defaults: (s) =>
      s
        ? {
            name: s.name,
            guild_id: s.guild_id,
            invite_code: s.invite_code,
            description: s.description,
            icon_url: s.icon_url,
            coins: s.coins,
            enabled: s.enabled,
          }
        : { name: '', guild_id: '', invite_code: '', description: '', icon_url: null, coins: 100, enabled: true },
  });
  const { form, errors } = editor;
  return (
    <ResourceFormFrame
      editor={editor}
      title={server ? t('j4rServers.editTitle', { name: server.name }) : t('j4rServers.createTitle')}
      cancelTo={BASE}
      testId="j4r-server"
      submitTestId="j4r-submit"
    >
      <Field
        label={t('j4rServers.fields.name')}
        maxLength={100}
        data-testid="j4r-name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label={t('j4rServers.fields.guild_id')}
        hint={t('j4rServers.hints.guild_id')}
        inputMode="numeric"
        autoComplete="off"
        className="[&_input]:font-mono"
        maxLength={20}
        data-testid="j4r-guild"
        error={errors.guild_id?.message}
        {...form.register('guild_id')}
      />
      <Field
        label={t('j4rServers.fields.invite_code')}
        hint={t('j4rServers.hints.invite_code')}
        autoComplete="off"
        spellCheck={false}
        data-testid="j4r-invite"
        error={errors.invite_code?.message}
        {...form.register('invite_code')}
      />
      <TextAreaField
        label={t('j4rServers.fields.description')}
        maxLength={500}
        data-testid="j4r-description"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Field
        label={t('j4rServers.fields.icon_url')}
        hint={t('j4rServers.hints.icon_url')}
        type="url"
        data-testid="j4r-icon"
        error={errors.icon_url?.message}
        {...form.register('icon_url', { setValueAs: nullableText })}
      />
      <Field
        label={t('j4rServers.fields.coins')}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        data-testid="j4r-coins"
        error={errors.coins?.message}
        {...form.register('coins', { setValueAs: requiredNumber })}
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" data-testid="j4r-enabled" {...form.register('enabled')} />
        {t('j4rServers.fields.enabled')}
      </label>
    </ResourceFormFrame>
  );
}
