import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sessionManager } from '../../lib/session-manager.ts';

/** Ends the session on the server, clears the cached keys, then says so. */
export function LogoutPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  useEffect(() => {
    void sessionManager.clear().then(() => setDone(true));
  }, []);
  return (
    <div className="flex flex-col items-center gap-4 text-center" aria-busy={!done}>
      <LogOut className="size-10 text-brand-400" aria-hidden />
      <h1 className="text-2xl font-bold">{done ? t('auth.logout.done') : t('auth.logout.working')}</h1>
      {done && (
        <Link to="/auth/login" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('auth.logout.again')}
        </Link>
      )}
    </div>
  );
}
