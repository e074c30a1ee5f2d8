import { type Announcement, AnnouncementCreateSchema, AnnouncementUpdateSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { MarkdownEditor } from '../../components/ui/markdown-editor.tsx';
import { nullableText } from '../admin/resource/form-values.ts';
import { ResourceEditPage, ResourceFormFrame } from '../admin/resource/resource-edit-page.tsx';
import { useResourceEditor } from '../admin/resource/use-resource-editor.ts';
import { ImagePicker } from '../images/image-picker.tsx';
import { fromLocalInput, toLocalInput } from '../redeem-codes/api.ts';
import { ADMIN_BASE, announcementsApi } from './api.ts';

/** "News, Events ,," → ["News", "Events"]: tags are typed as one comma-separated line. */
export const parseTags = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** /mc-admin/announcements/create and /:id/edit: one form, validated by the contract's schemas. */
export function AnnouncementFormPage() {
  return <ResourceEditPage api={announcementsApi}>{(item) => <AnnouncementForm item={item} />}</ResourceEditPage>;
}

function AnnouncementForm({ item }: { item?: Announcement }) {
  const { t } = useTranslation();
  const [tagsText, setTagsText] = useState(item?.tags.join(', ') ?? '');
  const editor = useResourceEditor({
    api: announcementsApi,
    item,
    create: AnnouncementCreateSchema,
    update: AnnouncementUpdateSchema,
    listPath: ADMIN_BASE,
    defaults: (a) =>
      a
        ? {
            title: a.title,
            body: a.body,
            tags: a.tags,
            cover_image: a.cover_image,
            pinned: a.pinned,
            published: a.published,
            published_at: a.published_at,
          }
        : { title: '', body: '', tags: [], cover_image: null, pinned: false, published: true },
  });
  const { form, errors } = editor;
  const { isSubmitted } = form.formState;
  const body = form.watch('body') ?? '';
  const cover = form.watch('cover_image');
  const publishedAt = form.watch('published_at');
  const tagErrors = errors.tags as unknown as ({ message?: string } | undefined)[] & { message?: string };
  const tagError = tagErrors?.message ?? (Array.isArray(tagErrors) ? tagErrors.find(Boolean)?.message : undefined);
  return (
    <ResourceFormFrame
      editor={editor}
      title={item ? t('announcements.admin.editTitle', { title: item.title }) : t('announcements.admin.createTitle')}
      cancelTo={ADMIN_BASE}
      testId="announcement"
      wide
    >
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
          {...form.register('cover_image', { setValueAs: nullableText })}
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
    </ResourceFormFrame>
  );
}
