import { type AdminUser, BanSchema, CoinAdjustmentSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { usersApi, useWayInLocked } from './api.ts';

/** Coins with a reason, ban / unban, reset 2FA, sign out everywhere. */
export function UserActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [problem, setProblem] = useState<string | null>(null);
  const wayInLocked = useWayInLocked(user);
  const coins = usersApi.useAction<z.infer<typeof CoinAdjustmentSchema>>(user.id, 'coins');
  const ban = usersApi.useAction<z.infer<typeof BanSchema>>(user.id, 'ban');
  const unban = usersApi.useAction<undefined>(user.id, 'unban');
  const reset2fa = usersApi.useAction<undefined>(user.id, 'reset-2fa');
  const signOut = usersApi.useAction<undefined, unknown>(user.id, 'sign-out');
  const coinForm = useApiForm<z.infer<typeof CoinAdjustmentSchema>>(CoinAdjustmentSchema, async (v) => {
    await coins.mutateAsync(v);
    coinForm.form.reset();
  });
  const banForm = useApiForm<z.infer<typeof BanSchema>>(BanSchema, async (v) => {
    await ban.mutateAsync(v);
  });
  const run = (m: { mutateAsync: (b: undefined) => Promise<unknown> }) => () => {
    setProblem(null);
    m.mutateAsync(undefined).catch((err: unknown) =>
      setProblem(t(`errors.${err instanceof ApiError ? err.code : 'SERVER_ERROR'}`)),
    );
  };
  return (
    <section className="grid gap-4 md:grid-cols-2">
      <form onSubmit={coinForm.onSubmit} noValidate className="surface flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold">
          {t('users.coins')} · <span data-testid="user-coins">{f.number(user.coins)}</span>
        </h2>
        {coinForm.error && <Alert>{coinForm.error}</Alert>}
        <Field
          label={t('users.amount')}
          type="number"
          hint={t('users.amountHint')}
          error={coinForm.form.formState.errors.amount?.message}
          {...coinForm.form.register('amount', { valueAsNumber: true })}
        />
        <Field
          label={t('users.reason')}
          error={coinForm.form.formState.errors.reason?.message}
          {...coinForm.form.register('reason')}
        />
        <Button type="submit" disabled={coinForm.form.formState.isSubmitting}>
          {t('users.adjust')}
        </Button>
      </form>
      <div className="surface flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold">{t('users.moderation')}</h2>
        {problem && <Alert>{problem}</Alert>}
        {user.banned ? (
          <>
            <Alert tone="info">{t('users.bannedBecause', { reason: user.ban_reason ?? '' })}</Alert>
            <Button variant="secondary" onClick={run(unban)}>
              {t('users.unban')}
            </Button>
          </>
        ) : (
          <form onSubmit={banForm.onSubmit} noValidate className="flex flex-col gap-3">
            {banForm.error && <Alert>{banForm.error}</Alert>}
            <Field
              label={t('users.banReason')}
              error={banForm.form.formState.errors.reason?.message}
              {...banForm.form.register('reason')}
            />
            <Button type="submit" variant="danger">
              {t('users.ban')}
            </Button>
          </form>
        )}
        <div className="flex flex-wrap gap-2">
          {user.two_fa_enabled && !wayInLocked && (
            <Button variant="secondary" onClick={run(reset2fa)}>
              {t('users.reset2fa')}
            </Button>
          )}
          <Button variant="secondary" onClick={run(signOut)}>
            {t('users.signOut')}
          </Button>
        </div>
        {signOut.isSuccess && <Alert tone="success">{t('users.signedOut')}</Alert>}
      </div>
    </section>
  );
}
