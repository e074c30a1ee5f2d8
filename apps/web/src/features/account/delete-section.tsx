import { type DeleteAccount, DeleteAccountSchema } from '@hostdeck/contracts';
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { sessionManager } from '../../lib/session-manager.ts';
import { useSession } from '../../lib/use-session.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { accountApi, codeFieldMessages } from './account-api.ts';
import { IdentityProofFields } from './identity-proof-fields.tsx';
import { AccountSection } from './section-frame.tsx';

/**
 * #delete: a dialog asks for the password (or, with two-factor on, a code) and the username typed
 * out. The servers are removed on the panel first; the member is signed out at once.
 */
export function DeleteSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useSession().data?.userInfo ?? {};
  const username = String(info.username ?? '');
  const [open, setOpen] = useState(false);
  const { form, onSubmit, error } = useApiForm<DeleteAccount>(
    DeleteAccountSchema,
    async (values) => {
      await accountApi.remove(values);
      await sessionManager.clear();
      navigate('/auth/login', { replace: true });
    },
    // A field switched away (password ↔ code) leaves the values: only the shown one is sent.
    { defaultValues: { confirm: '' }, shouldUnregister: true },
    codeFieldMessages(t),
  );
  const { errors, isSubmitting } = form.formState;
  const typed = form.watch('confirm');
  return (
    <AccountSection id="delete" tone="danger" title={t('account.delete.title')} intro={t('account.delete.intro')}>
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset({ confirm: '' });
        }}
      >
        <AlertDialog.Trigger asChild>
          <Button variant="danger" className="self-start" data-testid="delete-open">
            <Trash2 className="size-4" aria-hidden />
            {t('account.delete.open')}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
          <AlertDialog.Content
            data-testid="delete-dialog"
            className="surface fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 p-6"
          >
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <AlertDialog.Title className="text-lg font-bold text-rose-600 dark:text-rose-400">
                {t('account.delete.confirmTitle')}
              </AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-slate-600 dark:text-slate-400">
                {t('account.delete.confirmText')}
              </AlertDialog.Description>
              {error && <Alert>{error}</Alert>}
              <IdentityProofFields register={form.register as never} errors={errors} />
              <Field
                label={t('account.delete.typeUsername', { username })}
                autoComplete="off"
                error={errors.confirm?.message}
                {...form.register('confirm')}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary">{t('resource.cancel')}</Button>
                </AlertDialog.Cancel>
                <Button
                  type="submit"
                  variant="danger"
                  data-testid="delete-confirm"
                  disabled={isSubmitting || (typed ?? '').trim().toLowerCase() !== username.toLowerCase()}
                >
                  {isSubmitting ? t('common.working') : t('account.delete.submit')}
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </AccountSection>
  );
}
