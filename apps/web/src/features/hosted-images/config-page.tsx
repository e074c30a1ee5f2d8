import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/loading.tsx';
import { LoadError, PageHeader } from '../servers/page-parts.tsx';
import { useGallery, useImageConfig } from './api.ts';
import { EmbedSection } from './embed-section.tsx';
import { ImagesOff, ImagesTabs, useImagesOff } from './image-parts.tsx';
import { ShareXSection } from './sharex-section.tsx';

/** /images/config: the ShareX uploader with its personal key, and the embed of the member's image pages. */
export function ConfigPage() {
  const { t } = useTranslation();
  const config = useImageConfig();
  // The newest upload stands in the embed preview (a sample picture when there is none yet).
  const gallery = useGallery();
  const off = useImagesOff(config.error);
  if (off) return <ImagesOff />;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader title={t('hostedImages.configTitle')} subtitle={t('hostedImages.configSubtitle')} />
      <ImagesTabs />
      {config.isPending && <Loading label={t('common.loading')} />}
      {config.isError && <LoadError error={config.error} />}
      {config.data && (
        <>
          <ShareXSection config={config.data} />
          <EmbedSection embed={config.data.embed} sample={gallery.data?.pages[0]?.data[0] ?? null} />
        </>
      )}
    </div>
  );
}
