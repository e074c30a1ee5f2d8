import { AlertDialog } from 'radix-ui';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * "Are you sure?" before a destructive or lasting action: the question, what it does, and the action
 * named on its button. It stays open while the action runs and shows the action's error in place.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  busy = false,
  error,
  tone = 'danger',
  children,
  testId = 'confirm-dialog',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  error?: string | null;
  tone?: 'danger' | 'primary';
  /** Extra fields (e.g. a note) between the message and the buttons. */
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  // Opened from code (no AlertDialog.Trigger), Radix has nowhere to put focus back on close: the
  // element that had it when the dialog opened gets it again (layout effects run before Radix's
  // focus scope moves focus into the dialog).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={(e) => {
            if (!opener.current?.isConnected) return;
            e.preventDefault();
            opener.current.focus();
          }}
          data-testid={testId}
          className="surface fixed top-1/2 left-1/2 z-50 flex w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 p-6"
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-600 dark:text-slate-400">
            {message}
          </AlertDialog.Description>
          {children}
          {error && <Alert>{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('resource.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button variant={tone} disabled={busy} onClick={onConfirm} data-testid={`${testId}-confirm`}>
              {busy ? t('common.working') : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
