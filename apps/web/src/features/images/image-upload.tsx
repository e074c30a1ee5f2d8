import { libraryImageTypes } from '@hostdeck/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { secondaryLink } from '../servers/page-parts.tsx';
import { BASE, formatSize, useUploadImage } from './api.ts';

interface Pending {
  key: string;
  file: File;
  preview: string | null;
  name: string;
  alt: string;
  error: string | null;
}

let counter = 0;
const nameOf = (file: File) => file.name.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 120);

/**
 * /mc-admin/images/create: choose one or several pictures, see them, name them and describe them, and
 * upload them one after the other. The server decides what is an image; a refused file keeps its
 * message here while the others go through.
 */
export function ImageUploadPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadImage();
  const inputId = useId();
  const [items, setItems] = useState<Pending[]>([]);
  const [busy, setBusy] = useState(false);

  // Previews are object URLs: released when their file leaves the list, and all when the page closes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const all = previews.current;
    return () => {
      for (const url of all) URL.revokeObjectURL(url);
    };
  }, []);
  const release = (item: Pending) => {
    if (!item.preview) return;
    URL.revokeObjectURL(item.preview);
    previews.current.delete(item.preview);
  };

  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])].map((file) => {
      const preview = libraryImageTypes.includes(file.type as never) ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return { key: `f${++counter}`, file, preview, name: nameOf(file), alt: '', error: null };
    });
    setItems((current) => [...current, ...chosen]);
  };
  const change = (key: string, patch: Partial<Pending>) =>
    setItems((current) => current.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const drop = (item: Pending) => {
    release(item);
    setItems((current) => current.filter((i) => i.key !== item.key));
  };

  const submit = async () => {
    setBusy(true);
    const failed: Pending[] = [];
    for (const item of items) {
      try {
        await upload.mutateAsync({ file: item.file, name: item.name, alt: item.alt });
      } catch (err) {
        const message =
          err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : t('errors.SERVER_ERROR');
        failed.push({ ...item, error: message });
      }
    }
    setBusy(false);
    if (failed.length === 0) {
      await navigate(BASE);
      return;
    }
    setItems(failed);
  };

  return (
    <section className="surface mx-auto flex max-w-3xl flex-col gap-4 p-6" data-testid="image-upload">
      <h1 className="text-xl font-bold">{t('images.uploadTitle')}</h1>
      <p className="text-sm text-muted">{t('images.uploadHint')}</p>
      <label
        htmlFor={inputId}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-6 text-sm font-semibold hover:border-brand-400 dark:border-slate-700"
      >
        <ImagePlus className="size-8 text-brand-500" aria-hidden />
        {t('images.choose')}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={libraryImageTypes.join(',')}
        className="sr-only"
        data-testid="image-files"
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li
            key={item.key}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row dark:border-slate-700"
            data-testid="image-pending"
          >
            {item.preview ? (
              <img src={item.preview} alt="" className="size-24 shrink-0 rounded-lg object-contain" />
            ) : (
              <div className="flex size-24 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-xs text-muted dark:bg-slate-800">
                {t('images.noPreview')}
              </div>
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p className="text-xs break-all text-muted">
                {item.file.name} · {formatSize(item.file.size, i18n.language)}
              </p>
              <Field
                label={t('images.fields.name')}
                value={item.name}
                maxLength={120}
                onChange={(e) => change(item.key, { name: e.target.value })}
              />
              <Field
                label={t('images.fields.alt')}
                hint={t('images.altHint')}
                value={item.alt}
                maxLength={300}
                onChange={(e) => change(item.key, { alt: e.target.value })}
              />
              {item.error && <Alert>{item.error}</Alert>}
            </div>
            <button
              type="button"
              className="self-start rounded-lg p-1 text-muted hover:bg-slate-200/70 dark:hover:bg-slate-800/70"
              aria-label={t('images.remove', { name: item.file.name })}
              onClick={() => drop(item)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Link to={BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button data-testid="upload-images" disabled={busy || items.length === 0} onClick={() => void submit()}>
          {t('images.upload', { count: items.length })}
        </Button>
      </div>
    </section>
  );
}
