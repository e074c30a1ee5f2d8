import { type AccountFlag, AccountFlagBanSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFlagDecision } from './api.ts';

/** Approve, or ban with a reason (asked for inline): the flagged account only, never those it shares with. */
export function FlagDecision({ flag }: { flag: AccountFlag }) {
  const { t } = useTranslation();
  const decide = useFlagDecision();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');
  const valid = AccountFlagBanSchema.safeParse({ reason }).success;
  const error = decide.error
    ? t(`errors.${decide.error instanceof ApiError ? decide.error.code : 'SERVER_ERROR'}`)
    : null;
  return (
    <div className="flex flex-col items-end gap-2 whitespace-normal">
      {banning ? (
        <form
          className="flex flex-wrap items-center justify-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) decide.mutate({ id: flag.id, action: 'ban', reason });
          }}
        >
          <label className="text-xs">
            <span className="sr-only">{t('users.banReason')}</span>
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('users.banReason')}
              maxLength={255}
              data-testid="flag-ban-reason"
              className="min-h-9 rounded-lg border border-slate-300 bg-transparent px-2 text-sm dark:border-slate-700"
            />
          </label>
          <Button type="submit" variant="danger" disabled={!valid || decide.isPending} data-testid="flag-ban-confirm">
            {t('accountFlags.confirmBan')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setBanning(false)}>
            {t('accountFlags.cancel')}
          </Button>
        </form>
      ) : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: flag.id, action: 'approve' })}
            data-testid="flag-approve"
          >
            {t('accountFlags.approve')}
          </Button>
          <Button variant="danger" onClick={() => setBanning(true)} data-testid="flag-ban">
            {t('users.ban')}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
