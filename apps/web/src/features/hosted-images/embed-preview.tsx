import type { EmbedSettings, HostedImage } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/use-session.ts';

type Sample = Pick<HostedImage, 'name' | 'width' | 'height' | 'size' | 'created_at' | 'direct_url'>;

/** "239.3 KB": sizes as the image page writes them into the embed. */
function embedSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The values of the placeholders, filled the way the image page fills them (name with its extension, ISO date). */
export function placeholderValues(image: Sample, username: string): Record<string, string> {
  const extension = /\.(\w+)$/.exec(image.direct_url)?.[1] ?? 'png';
  return {
    username,
    filename: `${image.name}.${extension}`,
    size: embedSize(image.size),
    width: String(image.width),
    height: String(image.height),
    date: image.created_at.slice(0, 10),
  };
}

/** The placeholders of an embed's title and description, filled for the preview. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(
    /\{(username|filename|size|width|height|date)\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}

/**
 * What Discord shows for a link to one of the member's images: the side bar in the chosen colour,
 * the site name, the title, the description and the picture. Updates as the form changes.
 */
export function EmbedPreview({ embed, sample }: { embed: EmbedSettings; sample: Sample | null }) {
  const { t } = useTranslation();
  const username = String(useSession().data?.userInfo.username ?? '');
  const image = sample ?? {
    name: 'screenshot',
    width: 1920,
    height: 1080,
    size: 482_000,
    created_at: new Date().toISOString(),
    direct_url: '',
  };
  const values = placeholderValues(image, username);
  const color = /^#[0-9a-fA-F]{6}$/.test(embed.color) ? embed.color : '#5865f2';
  return (
    <figure className="flex flex-col gap-2" data-testid="embed-preview">
      <figcaption className="text-xs font-semibold text-muted uppercase">{t('hostedImages.embed.preview')}</figcaption>
      <div className="rounded-lg bg-[#313338] p-3 font-sans text-[#dbdee1]">
        <p className="mb-1 text-sm text-[#00a8fc] underline">{`https://…/i/${'x'.repeat(12)}`}</p>
        {embed.enabled ? (
          <div
            className="flex max-w-md flex-col gap-1.5 rounded border-l-4 bg-[#2b2d31] p-3"
            style={{ borderLeftColor: color }}
            data-testid="embed-card"
            data-color={color}
          >
            {embed.site_name && (
              <p className="text-xs text-[#b5bac1]" data-testid="embed-site">
                {embed.site_name}
              </p>
            )}
            {embed.title && (
              <p className="text-sm font-semibold break-words text-[#00a8fc]" data-testid="embed-title">
                {fillPlaceholders(embed.title, values)}
              </p>
            )}
            {embed.description && (
              <p className="text-sm break-words whitespace-pre-line" data-testid="embed-description">
                {fillPlaceholders(embed.description, values)}
              </p>
            )}
            <EmbedImage url={sample?.direct_url} />
          </div>
        ) : (
          <div className="flex max-w-md flex-col gap-2" data-testid="embed-off">
            <p className="text-xs text-[#b5bac1]">{t('hostedImages.embed.offPreview')}</p>
            <EmbedImage url={sample?.direct_url} />
          </div>
        )}
      </div>
    </figure>
  );
}

function EmbedImage({ url }: { url?: string }) {
  const { t } = useTranslation();
  if (!url)
    return (
      <div className="mt-1 flex aspect-video max-w-xs items-center justify-center rounded bg-gradient-to-br from-brand-500/60 to-fuchsia-500/60 text-xs text-white">
        {t('hostedImages.embed.sampleImage')}
      </div>
    );
  return <img src={url} alt="" className="mt-1 max-h-64 max-w-xs rounded object-contain" loading="lazy" />;
}
