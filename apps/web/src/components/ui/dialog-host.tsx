import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { dialogStore, useDialog } from '../../lib/dialogs.ts';

/** Renders the shell's dialog; closing it goes where the dialog says (login, /errors/403). */
export function DialogHost({ navigate }: { navigate: (path: string) => void }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const close = () => {
    const closed = dialogStore.close();
    if (closed) navigate(closed.next);
  };
  return (
    <AlertDialog.Root open={dialog !== null} onOpenChange={(open) => !open && close()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
        <AlertDialog.Content
          data-testid="session-dialog"
          className="surface fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 p-6"
        >
          <AlertDialog.Title className="text-lg font-bold">{dialog && t(dialog.title)}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {dialog && t(dialog.message)}
          </AlertDialog.Description>
          {dialog?.footer && <p className="mt-3 text-xs text-muted">{t(dialog.footer)}</p>}
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action asChild>
              <button
                type="button"
                onClick={close}
                className="rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400"
              >
                {t('common.ok')}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
