import { type RedirectLink, RedirectLinkCreateSchema, RedirectLinkUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { LoadError, secondaryLink } from '../servers/page-parts.tsx';
import { BASE, linkAddress, redirectLinksApi } from './api.ts';

const EditSchema = RedirectLinkUpdateSchema.omit({ updated_at: true });
type Values = z.input<typeof RedirectLinkCreateSchema>;

/** /mc-admin/redirect-links/create and /:id/edit: one form, validated by the contract's schemas. */
export function RedirectLinkFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const link = redirectLinksApi.useItem(id);
  if (id && link.isPending) return <Loading label={t('common.loading')} />;
  if (id && link.isError) return <LoadError error={link.error} />;
  return <RedirectLinkForm key={link.data?.updated_at ?? 'new'} link={link.data} />;
}

function RedirectLinkForm({ link }: { link?: RedirectLink }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = redirectLinksApi.useCreate();
  const update = redirectLinksApi.useUpdate(String(link?.id ?? ''));
  const { form, onSubmit, error } = useApiForm<Values>(
    (link ? EditSchema : RedirectLinkCreateSchema) as never,
    async (values) => {
      try {
        if (link) await update.mutateAsync({ ...values, updated_at: link.updated_at });
        else await create.mutateAsync(values);
      } catch (err) {
        // Names are unique: a taken one is this field's problem.
        if (err instanceof ApiError && err.code === 'ALREADY_EXISTS') {
          form.setError('name', { message: t('redirectLinks.taken') });
          return;
        }
        throw err;
      }
      await navigate(BASE);
    },
    { defaultValues: link ? { name: link.name, url: link.url } : { name: '', url: '' } },
  );
  const { errors, isSubmitting } = form.formState;
  const name = (form.watch('name') ?? '').trim().toLowerCase();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="surface mx-auto flex max-w-xl flex-col gap-4 p-6"
      data-testid="redirect-link-form"
    >
      <h1 className="text-xl font-bold break-words">
        {link ? t('redirectLinks.editTitle', { name: `/${link.name}` }) : t('redirectLinks.createTitle')}
      </h1>
      {error && <Alert>{error}</Alert>}
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
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button type="submit" data-testid="redirect-link-submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
