import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ErrorPage } from '../components/ui/error-page.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { settingsStore } from '../lib/settings-store.ts';
import { useSettingsState } from '../lib/use-settings.ts';
import { createRouter } from './router.tsx';

/** Settings first: a failed settings fetch replaces the page body with the error page (specification §4). */
export function App() {
  const { t } = useTranslation();
  const settings = useSettingsState();
  const [router] = useState(createRouter);
  useEffect(() => {
    void settingsStore.initialize();
  }, []);
  if (settings.status === 'error') {
    return <ErrorPage title={settings.error.title} message={settings.error.message} code={settings.error.code} />;
  }
  if (settings.status !== 'initialized') return <Loading label={t('common.loading')} fullPage />;
  return <RouterProvider router={router} />;
}
