import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { memberNav } from '../nav.ts';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

export function MemberLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="min-h-dvh">
      <TopBar onMenu={() => setOpen(true)} />
      <div className="flex">
        <SideNav entries={memberNav} open={open} onClose={() => setOpen(false)} label={t('nav.main')} />
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <QueryClientProvider client={queryClient}>
            <Outlet />
          </QueryClientProvider>
        </main>
      </div>
    </div>
  );
}
