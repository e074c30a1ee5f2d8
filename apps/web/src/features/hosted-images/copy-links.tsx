import type { HostedImage } from '@hostdeck/contracts';
import { ChevronDown, Copy } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { imageLink, type LinkKind, linkKinds } from './links.ts';

type Linkable = Pick<HostedImage, 'name' | 'page_url' | 'direct_url'>;

/** Copies one form of an image's link and says so in a toast. */
function useCopyLink() {
  const { t } = useTranslation();
  return (image: Linkable, kind: LinkKind) => {
    const what = t(`hostedImages.links.${kind}`);
    navigator.clipboard.writeText(imageLink(image, kind)).then(
      () => toast.success(t('hostedImages.copied', { what })),
      () => toast.error(t('hostedImages.copyFailed')),
    );
  };
}

/** The gallery's "Copy link" menu: page link, direct link, Markdown, BBCode. Not modal, like the profile menu. */
export function CopyLinkMenu({ image }: { image: Linkable }) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          data-testid="copy-menu"
          aria-label={t('hostedImages.copyMenu', { name: image.name })}
          className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-xs font-semibold hover:bg-slate-200/70 dark:hover:bg-slate-800/70"
        >
          <Copy className="size-4" aria-hidden />
          {t('hostedImages.copy')}
          <ChevronDown className="size-3" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="surface z-50 flex min-w-44 flex-col p-1 text-sm"
          data-testid="copy-menu-items"
        >
          {linkKinds.map((kind) => (
            <DropdownMenu.Item
              key={kind}
              onSelect={() => copy(image, kind)}
              className="cursor-pointer rounded-lg px-3 py-2 outline-none data-highlighted:bg-brand-500/15"
            >
              {t(`hostedImages.links.${kind}`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** An uploaded file's links, each with its own copy button (the upload page's results). */
export function CopyLinkButtons({ image }: { image: Linkable }) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  return (
    <div className="flex flex-wrap gap-1.5">
      {linkKinds.map((kind) => (
        <button
          key={kind}
          type="button"
          data-testid={`copy-${kind}`}
          onClick={() => copy(image, kind)}
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-xs font-semibold hover:border-brand-400 dark:border-slate-700"
        >
          <Copy className="size-3" aria-hidden />
          {t(`hostedImages.links.${kind}`)}
        </button>
      ))}
    </div>
  );
}
