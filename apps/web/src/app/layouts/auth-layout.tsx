import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/ui/language-switcher.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { useSetting } from '../../lib/use-settings.ts';
import { BrandLogo } from './brand-logo.tsx';

export function AuthLayout() {
  const appName = useSetting<string>('app_name');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-2 p-4">
        <span className="flex items-center gap-2 font-bold">
          <BrandLogo size="md" />
          {appName}
        </span>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center">
        <div className="surface w-full max-w-md p-6 sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
