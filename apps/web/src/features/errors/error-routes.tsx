import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../../components/ui/error-page.tsx';

export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      title={t('errorPage.forbiddenTitle')}
      message={t('errorPage.forbiddenMessage')}
      code="403"
      onHome={() => void navigate('/')}
    />
  );
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      title={t('errorPage.serverTitle')}
      message={t('errorPage.serverMessage')}
      code="500"
      onHome={() => void navigate('/')}
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      title={t('errorPage.notFoundTitle')}
      message={t('errorPage.notFoundMessage')}
      code="404"
      onHome={() => void navigate('/')}
    />
  );
}
