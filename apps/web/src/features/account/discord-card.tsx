import { Link2, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useFormat } from '../../lib/format.ts';
import { useDiscordStatus, useErrorText, useLinkDiscord, useUnlinkDiscord } from '../discord/api.ts';
import { DiscordReturnNotice, useDiscordReturn } from '../discord/return-notice.tsx';

/**
 * The member's Discord account on /account: link it (through Discord's consent page, which returns
 * here with ?discord=linked or ?discord_error=), or see it and unlink it after confirming. Hidden
 * while the panel has no Discord application set up.
 */
export function DiscordCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const f = useFormat();
  const id = useId();
  const status = useDiscordStatus();
  const back = useDiscordReturn();
  const link = useLinkDiscord();
  const unlink = useUnlinkDiscord();
  const [confirming, setConfirming] = useState(false);
  const notice = <DiscordReturnNotice result={back.result} onDismiss={back.dismiss} />;
  if (status.isPending) return notice;
  if (status.isError)
    return (
      <>
        {notice}
        <Alert>{errorText(status.error)}</Alert>
      </>
    );
  if (!status.data.configured) return notice;
  const account = status.data.discord;
  const linking = link.isPending || link.isSuccess;
  const error = link.error ?? unlink.error;
  return (
    <>
      {notice}
      <section className="surface flex flex-col gap-4 p-4 sm:p-6" aria-labelledby={id} data-testid="discord-card">
        <div className="flex items-start gap-3">
          <Link2 className="size-8 shrink-0 rounded-xl bg-indigo-500/10 p-1.5 text-indigo-500" aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 id={id} className="text-lg font-semibold">
              {t('discord.title')}
            </h2>
            <p className="text-sm text-muted">{account ? t('discord.linkedHint') : t('discord.notLinked')}</p>
          </div>
        </div>
        {error && <Alert>{errorText(error)}</Alert>}
        {account ? (
          <>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
              <div className="flex min-w-0 flex-col gap-1">
                <dt className="text-xs text-muted">{t('discord.username')}</dt>
                <dd className="font-medium break-all" data-testid="discord-username">
                  {account.username}
                </dd>
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <dt className="text-xs text-muted">{t('discord.id')}</dt>
                <dd className="font-mono text-xs break-all" data-testid="discord-id">
                  {account.id}
                </dd>
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <dt className="text-xs text-muted">{t('discord.linkedAt')}</dt>
                <dd className="font-medium" data-testid="discord-linked-at">
                  <time dateTime={account.linked_at}>{f.date(account.linked_at)}</time>
                </dd>
              </div>
            </dl>
            {confirming ? (
              <div
                className="flex flex-col gap-3 rounded-xl border border-rose-500/40 bg-rose-500/5 p-3"
                data-testid="discord-unlink-confirm"
              >
                <p className="text-sm">{t('discord.unlinkConfirm')}</p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="danger"
                    data-testid="discord-unlink-yes"
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate(undefined, { onSuccess: () => setConfirming(false) })}
                  >
                    {unlink.isPending ? t('common.working') : t('discord.unlinkYes')}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)} disabled={unlink.isPending}>
                    {t('resource.cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button
                variant="secondary"
                className="self-start"
                data-testid="discord-unlink"
                onClick={() => {
                  unlink.reset();
                  setConfirming(true);
                }}
              >
                <Unlink className="size-4" aria-hidden />
                {t('discord.unlink')}
              </Button>
            )}
          </>
        ) : (
          <Button
            className="self-start"
            data-testid="discord-link"
            disabled={linking}
            onClick={() => link.mutate('account')}
          >
            <Link2 className="size-4" aria-hidden />
            {linking ? t('common.working') : t('discord.link')}
          </Button>
        )}
      </section>
    </>
  );
}
