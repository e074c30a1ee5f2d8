import { type Announcement, AnnouncementCreateSchema, AnnouncementUpdateSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { MarkdownEditor } from '../../components/ui/markdown-editor.tsx';
import { useApiForm } from '../auth/use-api-form.ts';
import { ImagePicker } from '../images/image-picker.tsx';
import { fromLocalInput, toLocalInput } from '../redeem-codes/api.ts';
import { LoadError, secondaryLink } from '../servers/page-parts.tsx';
import { ADMIN_BASE, announcementsApi } from './api.ts';

const EditSchema = AnnouncementUpdateSchema.omit({ updated_at: true });
type Values = z.input<typeof AnnouncementCreateSchema>;

/** "News, Events ,," → ["News", "Events"]: tags are typed as one comma-separated line. */
export const parseTags = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** /mc-admin/announcements/create and /:id/edit: one form, validated by the contract's schemas. */
export function AnnouncementFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const item = announcementsApi.useItem(id);
  if (id && item.isPending) return <Loading label={t('common.loading')} />;
  if (id && item.isError) return <LoadError error={item.error} />;
  return <AnnouncementForm key={item.data?.updated_at ?? 'new'} item={item.data} />;
}

function AnnouncementForm({ item }: { item?: Announcement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = announcementsApi.useCreate();
  const update = announcementsApi.useUpdate(String(item?.id ?? ''));
  const [tagsText, setTagsText] = useState(item?.tags.join(', ') ?? '');
  const { form, onSubmit, error } = useApiForm<Values>(
    (item ? EditSchema : AnnouncementCreateSchema) as never,
    async (values) => {
      const body = values as unknown as z.infer<typeof AnnouncementCreateSchema>;
      if (item) await update.mutateAsync({ ...body, updated_at: item.updated_at });
      else await create.mutateAsync(body);
      await navigate(ADMIN_BASE);
    },
    {
      defaultValues: item
        ? {
            title: item.title,
            body: item.body,
            tags: item.tags,
            cover_image: item.cover_image,
            pinned: item.pinned,
            published: item.published,
            published_at: item.published_at,
          }
        : { title: '', body: '', tags: [], cover_image: null, pinned: false, published: true },
    },
  );
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const body = form.watch('body') ?? '';
  const cover = form.watch('cover_image');
  const publishedAt = form.watch('published_at');
  const tagErrors = errors.tags as unknown as ({ message?: string } | undefined)[] & { message?: string };
  const tagError = tagErrors?.message ?? (Array.isArray(tagErrors) ? tagErrors.find(Boolean)?.message : undefined);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="surface mx-auto flex max-w-6xl flex-col gap-4 p-6"
      data-testid="announcement-form"
    >
      <h1 className="text-xl font-bold break-words">
        {item ? t('announcements.admin.editTitle', { title: item.title }) : t('announcements.admin.createTitle')}
      </h1>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('announcements.fields.title')}
        maxLength={200}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <MarkdownEditor
        label={t('announcements.fields.body')}
        preview={body}
        maxLength={50_000}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={t('announcements.fields.tags')}
          hint={t('announcements.admin.tagsHint')}
          value={tagsText}
          autoComplete="off"
          error={tagError}
          onChange={(e) => {
            setTagsText(e.target.value);
            form.setValue('tags', parseTags(e.target.value), { shouldValidate: isSubmitted, shouldDirty: true });
          }}
        />
        <Field
          label={t('announcements.fields.published_at')}
          type="datetime-local"
          hint={t('announcements.admin.publishedAtHint')}
          error={errors.published_at?.message}
          value={toLocalInput(publishedAt ?? null)}
          onChange={(e) =>
            form.setValue('published_at', fromLocalInput(e.target.value) ?? undefined, {
              shouldValidate: isSubmitted,
              shouldDirty: true,
            })
          }
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          className="min-w-0 flex-1"
          label={t('announcements.fields.cover_image')}
          hint={t('announcements.admin.coverHint')}
          type="url"
          error={errors.cover_image?.message}
          {...form.register('cover_image', {
            setValueAs: (v) => (v === '' || v === null || v === undefined ? null : String(v).trim()),
          })}
        />
        <ImagePicker
          testId="cover-image-picker"
          onPick={(address) => form.setValue('cover_image', address, { shouldDirty: true, shouldValidate: true })}
        />
        {cover && !errors.cover_image && /^https?:\/\//i.test(cover) && (
          <img
            src={cover}
            alt={t('announcements.admin.coverPreview')}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="h-24 w-48 shrink-0 rounded-xl object-cover"
          />
        )}
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4" {...form.register('pinned')} />
          {t('announcements.fields.pinned')}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4" {...form.register('published')} />
          {t('announcements.fields.published')}
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={ADMIN_BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button type="submit" data-testid="announcement-submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
