import { Gift, PartyPopper, TicketX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { useCoinText } from '../coins/coin-text.ts';
import { PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { useRedeem } from './api.ts';

/** Errors about the code itself are shown on the field; anything else above the form. */
const codeErrors = new Set([
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_USED_UP',
  'CODE_ALREADY_REDEEMED',
  'VALIDATION_ERROR',
]);

/** /earn/redeem: a code for coins, once per member and code. */
export function RedeemPage() {
  const { t } = useTranslation();
  const coins = useCoinText();
  const enabled = useSetting<boolean>('code_redemption_enabled') !== false;
  const redeem = useRedeem();
  const [code, setCode] = useState('');
  const failure = redeem.error instanceof ApiError ? redeem.error : null;
  if (!enabled || failure?.code === 'FEATURE_DISABLED')
    return (
      <StatePanel
        icon={TicketX}
        tone="amber"
        testId="redeem-off"
        title={t('redeem.offTitle')}
        message={t('redeem.offMessage')}
      />
    );
  if (redeem.data)
    return (
      <StatePanel
        icon={PartyPopper}
        testId="redeem-done"
        title={t('redeem.doneTitle', { coins: coins(redeem.data.coins) })}
        message={
          <span data-testid="redeem-balance">{t('redeem.doneBalance', { coins: coins(redeem.data.balance) })}</span>
        }
      >
        <Button
          variant="secondary"
          data-testid="redeem-another"
          onClick={() => {
            setCode('');
            redeem.reset();
          }}
        >
          {t('redeem.another')}
        </Button>
      </StatePanel>
    );
  const onField = failure && codeErrors.has(failure.code);
  const message = redeem.error
    ? t(`errors.${failure ? failure.code : 'SERVER_ERROR'}`, { defaultValue: failure?.message })
    : null;
  const trimmed = code.trim();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <PageHeader title={t('redeem.title')} subtitle={t('redeem.subtitle')} />
      <form
        className="surface flex flex-col gap-4 p-5 sm:p-6"
        data-testid="redeem-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed && !redeem.isPending) redeem.mutate(trimmed);
        }}
      >
        {message && !onField && <Alert>{message}</Alert>}
        <Field
          label={t('redeem.code')}
          hint={t('redeem.codeHint')}
          data-testid="redeem-code"
          className="[&_input]:font-mono [&_input]:tracking-wider [&_input]:uppercase"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          error={onField ? (message ?? undefined) : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            if (redeem.isError) redeem.reset();
          }}
        />
        <Button type="submit" data-testid="redeem-submit" disabled={!trimmed || redeem.isPending}>
          <Gift className="size-4" aria-hidden />
          {redeem.isPending ? t('common.working') : t('redeem.submit')}
        </Button>
      </form>
    </div>
  );
}
