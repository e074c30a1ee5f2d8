import { CircleCheck, CircleX, Inbox, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Notice, noticeLink } from '../../components/ui/notice.tsx';
import { useBalanceChanged } from '../coins/api.ts';
import { useCoinText } from '../coins/coin-text.ts';

/** What Discord's consent page came back with (`?discord=linked|checked&paid=` or `?discord_error=`). */
export type DiscordReturn = { kind: 'linked' } | { kind: 'checked'; paid: number } | { kind: 'error'; code: string };

const PARAMS = ['discord', 'paid', 'discord_error'];

export function readDiscordReturn(params: URLSearchParams): DiscordReturn | null {
  const error = params.get('discord_error');
  if (error !== null) return { kind: 'error', code: /^[A-Z0-9_]{1,64}$/.test(error) ? error : 'SERVER_ERROR' };
  const state = params.get('discord');
  if (state === 'linked') return { kind: 'linked' };
  if (state === 'checked') {
    const paid = Number(params.get('paid'));
    return { kind: 'checked', paid: Number.isFinite(paid) && paid > 0 ? Math.floor(paid) : 0 };
  }
  return null;
}

/**
 * Reads the return parameters once, keeps what they said for the notice, and takes them out of the
 * address (so a reload does not show it again). Coins paid reload the balance in the top bar.
 */
export function useDiscordReturn() {
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState(() => readDiscordReturn(params));
  const changed = useBalanceChanged();
  const handled = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address brings a new return
  useEffect(() => {
    const r = readDiscordReturn(params);
    if (!r || handled.current === params.toString()) return;
    handled.current = params.toString();
    setResult(r);
    const next = new URLSearchParams(params);
    for (const k of PARAMS) next.delete(k);
    setParams(next, { replace: true });
    if (r.kind === 'checked' && r.paid > 0) changed();
  }, [params]);
  return { result, dismiss: () => setResult(null) };
}

/** The banner after Discord sent the member back: linked, coins paid, nothing new, or what went wrong. */
export function DiscordReturnNotice({ result, onDismiss }: { result: DiscordReturn | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const coins = useCoinText();
  if (!result) return null;
  const dismiss = (
    <button type="button" className={noticeLink} onClick={onDismiss} data-testid="discord-return-dismiss">
      {t('discord.dismiss')}
    </button>
  );
  if (result.kind === 'error')
    return (
      <Notice
        icon={CircleX}
        tone="rose"
        testId="discord-return-error"
        title={t('discord.errorTitle')}
        actions={dismiss}
      >
        {t(`errors.${result.code}`, { defaultValue: t('errors.SERVER_ERROR') })}
      </Notice>
    );
  if (result.kind === 'linked')
    return (
      <Notice
        icon={Link2}
        tone="emerald"
        testId="discord-return-linked"
        title={t('discord.linkedTitle')}
        actions={dismiss}
      >
        {t('discord.linkedMessage')}
      </Notice>
    );
  if (result.paid > 0)
    return (
      <Notice
        icon={CircleCheck}
        tone="emerald"
        testId="discord-return-paid"
        title={t('j4r.paidTitle', { coins: coins(result.paid) })}
        actions={dismiss}
      >
        {t('j4r.paidMessage')}
      </Notice>
    );
  return (
    <Notice icon={Inbox} tone="slate" testId="discord-return-nothing" title={t('j4r.nothingTitle')} actions={dismiss}>
      {t('j4r.nothingMessage')}
    </Notice>
  );
}
