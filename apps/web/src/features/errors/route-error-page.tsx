import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../components/ui/error-page.tsx';

/** When a page file fails to load (an old tab after an upgrade), offer a reload rather than a blank page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return <ErrorPage title={t('errorPage.serverTitle')} message={t('errorPage.chunkMessage')} />;
}
