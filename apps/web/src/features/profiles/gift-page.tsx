import type { PublicMember } from '@hostdeck/contracts';
import { Gift, HandCoins, Send, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { StatePanel, secondaryLink } from '../servers/page-parts.tsx';
import { useGift } from './api.ts';
import { Avatar } from './member-parts.tsx';
import { ProfileGate } from './profile-page.tsx';

/** The fee on a gift, as the server reckons it: a percentage of the amount, rounded up. */
export const giftFee = (amount: number, percent: number) => Math.ceil((amount * percent) / 100);

const num = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) ? Number(v) : fallback);

/** /profile/:uuid/gift-coins: the amount, the fee and the total debited, all before the member confirms. */
export function GiftPage() {
  const { t } = useTranslation();
  const enabled = useSetting<boolean>('allow_coins_sharing') !== false;
  const me = useSession().data?.userInfo.uuid;
  const { uuid } = useParams();
  // With profiles private, "Find a member" hands over the member it found (name and picture only).
  const found = (useLocation().state as { member?: PublicMember } | null)?.member;
  if (!enabled) return <GiftOff />;
  const lookup = { to: '/lookup', label: t('nav.lookup') };
  return (
    <ProfileGate
      whenPrivate={
        found && found.uuid === uuid && found.uuid !== me ? <GiftForm profile={found} back={lookup} /> : undefined
      }
    >
      {(p) => {
        if (p.uuid === me)
          return (
            <StatePanel
              icon={UserX}
              testId="gift-self"
              title={t('gift.selfTitle')}
              message={t('errors.GIFT_TO_SELF')}
              back="/account"
              backLabel={t('nav.account')}
            />
          );
        if (!p.can_gift)
          return (
            <StatePanel
              icon={UserX}
              testId="gift-unavailable"
              title={t('gift.unavailableTitle', { name: p.username })}
              message={t('errors.RECIPIENT_UNAVAILABLE')}
              back={`/profile/${p.uuid}`}
              backLabel={t('gift.backToProfile')}
            />
          );
        return <GiftForm profile={p} back={{ to: `/profile/${p.uuid}`, label: t('gift.backToProfile') }} />;
      }}
    </ProfileGate>
  );
}

function GiftOff() {
  const { t } = useTranslation();
  return (
    <StatePanel icon={Gift} tone="amber" testId="gift-off" title={t('gift.offTitle')} message={t('gift.offMessage')} />
  );
}

function GiftForm({ profile: p, back }: { profile: PublicMember; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const f = useFormat();
  const coins = useCoinText();
  const gift = useGift(p.uuid);
  const balance = num(useSession().data?.userInfo.credits, 0);
  const min = num(useSetting('coins_sharing_min'), 1);
  const max = num(useSetting('coins_sharing_max'), 1_000_000_000);
  const percent = num(useSetting('coins_sharing_fee_percent'), 0);
  const range = t('gift.range', { min: coins(min), max: coins(max) });
  const schema = z.object({
    amount: z.number({ error: range }).int({ error: range }).min(min, { error: range }).max(max, { error: range }),
    note: z.string().trim().max(200).optional(),
  });
  type Values = z.infer<typeof schema>;
  const { form, onSubmit, error } = useApiForm<Values>(
    schema,
    async ({ amount, note }) => {
      try {
        await gift.mutateAsync({ amount, ...(note ? { note } : {}) });
      } catch (err) {
        // The limits changed since the settings were loaded: say so on the field, in the server's numbers.
        if (err instanceof ApiError && err.code === 'GIFT_OUT_OF_RANGE') {
          const bounds = err.fields.amount?.match(/(\d+)\D+(\d+)/);
          form.setError('amount', {
            message: bounds
              ? t('gift.range', { min: coins(Number(bounds[1])), max: coins(Number(bounds[2])) })
              : t('errors.GIFT_OUT_OF_RANGE'),
          });
          void settingsStore.refresh();
          return;
        }
        throw err;
      }
    },
    { defaultValues: { amount: min, note: '' } },
  );
  if (gift.error instanceof ApiError && gift.error.code === 'FEATURE_DISABLED') return <GiftOff />;
  if (gift.data)
    return (
      <StatePanel
        icon={HandCoins}
        testId="gift-done"
        title={t('gift.doneTitle', { coins: coins(gift.data.sent), name: p.username })}
        message={
          <>
            {gift.data.fee > 0 && `${t('gift.doneFee', { coins: coins(gift.data.fee) })} `}
            <span data-testid="gift-balance">{t('gift.doneBalance', { coins: coins(gift.data.balance) })}</span>
          </>
        }
        back={back.to}
        backLabel={back.label}
      />
    );
  const raw = form.watch('amount');
  const amount = Number.isInteger(raw) && raw > 0 ? raw : null;
  const fee = amount === null ? null : giftFee(amount, percent);
  const total = amount === null || fee === null ? null : amount + fee;
  const short = total !== null && total > balance;
  const { errors, isSubmitting } = form.formState;
  const rows: [string, ReactNode, string][] = [
    [t('gift.amount'), amount === null ? '—' : coins(amount), 'gift-sent'],
    [t('gift.fee', { percent: f.percent(percent) }), fee === null ? '—' : coins(fee), 'gift-fee'],
    [t('gift.total'), total === null ? '—' : coins(total), 'gift-total'],
    [t('gift.balance'), coins(balance), 'gift-current-balance'],
    [t('gift.after'), total === null || short ? '—' : coins(balance - total), 'gift-after'],
  ];
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mx-auto flex max-w-xl flex-col gap-5"
      data-testid="gift-form"
      aria-labelledby="gift-title"
    >
      <header className="flex flex-wrap items-center gap-3">
        <Avatar member={p} size="md" />
        <div className="min-w-0 flex-1">
          <h1 id="gift-title" className="text-2xl font-bold break-words">
            {t('gift.title', { name: p.username })}
          </h1>
          <p className="text-sm text-muted">{t('gift.subtitle')}</p>
        </div>
      </header>
      <div className="surface flex flex-col gap-4 p-5">
        {error && <Alert>{error}</Alert>}
        <Field
          label={t('gift.amountLabel')}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          hint={range}
          data-testid="gift-amount"
          error={errors.amount?.message}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <Field
          label={t('gift.note')}
          hint={t('gift.noteHint')}
          maxLength={200}
          data-testid="gift-note"
          error={errors.note?.message}
          {...form.register('note')}
        />
      </div>
      <dl className="surface divide-y divide-slate-200 px-5 py-2 text-sm dark:divide-slate-800" aria-live="polite">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <dt className="text-muted">{label}</dt>
            <dd
              className={`font-semibold tabular-nums ${testId === 'gift-total' ? 'text-base' : ''}`}
              data-testid={testId}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {short && total !== null && (
        <Alert>
          <span id="gift-short" data-testid="gift-short">
            {t('gift.short', { coins: coins(total - balance) })}
          </span>
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={back.to} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button
          type="submit"
          data-testid="gift-confirm"
          disabled={short || isSubmitting}
          aria-describedby={short ? 'gift-short' : undefined}
        >
          <Send className="size-4" aria-hidden />
          {isSubmitting
            ? t('common.working')
            : total === null
              ? t('gift.confirmPlain')
              : t('gift.confirm', { coins: coins(total) })}
        </Button>
      </div>
    </form>
  );
}
