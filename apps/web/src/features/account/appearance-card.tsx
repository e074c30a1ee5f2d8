import { type MediaKind, mediaAcceptedTypes, skinRules } from '@hostdeck/contracts';
import { Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/use-session.ts';
import { useProfile } from '../profiles/api.ts';
import { Avatar } from '../profiles/member-parts.tsx';
import { SkinPreview } from '../profiles/skin-preview.tsx';
import { checkMediaFile, useRemoveMedia, useUploadMedia } from './media-api.ts';

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** One picture: its preview, the upload and remove buttons, and what went wrong in the member's language. */
function MediaRow({ kind, current, preview }: { kind: MediaKind; current: string | null; preview: ReactNode }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia(kind);
  const remove = useRemoveMedia(kind);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR' && kind === 'skin')
      return setProblem(t('appearance.errors.skinRule'));
    const code = err instanceof ApiError ? err.code : 'SERVER_ERROR';
    setProblem(t(`errors.${code}`, { defaultValue: err instanceof ApiError ? err.message : undefined }));
  };

  const handleFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a fix
    if (!file) return;
    setProblem(null);
    setDone(null);
    const refused = await checkMediaFile(kind, file);
    if (refused) {
      const { key, ...values } = refused;
      return setProblem(t(`appearance.errors.${key}`, values));
    }
    upload.mutate(file, { onSuccess: () => setDone(t('appearance.saved')), onError: fail });
  };
  const handleRemove = () => {
    setProblem(null);
    setDone(null);
    remove.mutate(undefined, { onSuccess: () => setDone(t('appearance.removed')), onError: fail });
  };

  const title = t(`appearance.${kind}.title`);
  return (
    <li className="flex flex-col gap-3 sm:flex-row sm:items-center" data-testid={`appearance-${kind}`}>
      <div className="flex shrink-0 justify-center sm:w-40">{preview}</div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-semibold">{title}</h3>
        <p className="text-sm text-muted">{t(`appearance.${kind}.hint`)}</p>
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={title}
          accept={kind === 'skin' ? skinRules.type : mediaAcceptedTypes.join(',')}
          onChange={handleFile}
          data-testid={`appearance-${kind}-input`}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
            <Upload className="size-4" aria-hidden />
            {upload.isPending ? t('appearance.uploading') : current ? t('appearance.replace') : t('appearance.upload')}
          </Button>
          {current && (
            <Button variant="ghost" disabled={busy} onClick={handleRemove}>
              <Trash2 className="size-4" aria-hidden />
              {t('appearance.remove')}
            </Button>
          )}
        </div>
        {problem && <Alert>{problem}</Alert>}
        {done && !problem && <Alert tone="success">{done}</Alert>}
      </div>
    </li>
  );
}

/** The account's pictures: avatar, profile background and Minecraft skin. */
export function AppearanceCard() {
  const { t } = useTranslation();
  const info = useSession().data?.userInfo ?? {};
  const uuid = text(info.uuid) ?? '';
  // The skin is not in the session: the member's own profile has it.
  const skin = useProfile(uuid).data?.skin_url ?? null;
  const avatar = text(info.avatar);
  const background = text(info.background);
  const member = { username: text(info.username) ?? '?', avatar, role_color: text(info.role_color) ?? '' };
  return (
    <section className="surface flex flex-col gap-5 p-4 sm:p-6" aria-labelledby="appearance-title">
      <div>
        <h2 id="appearance-title" className="text-lg font-bold">
          {t('appearance.title')}
        </h2>
        <p className="text-sm text-muted">{t('appearance.intro')}</p>
      </div>
      <ul className="flex flex-col gap-6">
        <MediaRow kind="avatar" current={avatar} preview={<Avatar member={member} size="lg" />} />
        <MediaRow
          kind="background"
          current={background}
          preview={
            background ? (
              <img
                src={background}
                alt=""
                className="h-20 w-40 rounded-xl object-cover"
                data-testid="appearance-background-preview"
              />
            ) : (
              <div className="h-20 w-40 rounded-xl bg-gradient-to-br from-brand-500/40 via-sky-500/20 to-amber-400/30" />
            )
          }
        />
        <MediaRow
          kind="skin"
          current={skin}
          preview={<SkinPreview skin={skin} width={110} height={160} label={t('appearance.skinPreview')} />}
        />
      </ul>
    </section>
  );
}
