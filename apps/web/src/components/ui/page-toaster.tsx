import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** Where a page's toasts ("copied", "saved") appear: one per page that uses them, named in the member's language. */
export function PageToaster() {
  const { t } = useTranslation();
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  return (
    <Toaster
      position="bottom-right"
      theme={dark ? 'dark' : 'light'}
      richColors
      closeButton={false}
      containerAriaLabel={t('common.toasts')}
    />
  );
}
