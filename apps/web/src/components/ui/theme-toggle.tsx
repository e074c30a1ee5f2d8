import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../lib/storage.ts';

/** Dark by default; the choice is remembered under `theme`. */
export function applyStoredTheme(): void {
  document.documentElement.classList.toggle('dark', storage.get('theme') !== 'light');
}

/** The current theme and the switch to the other one (remembered under `theme`). */
export function useTheme() {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  const toggle = () => {
    const next = !dark;
    setDark(next);
    storage.set('theme', next ? 'dark' : 'light');
    document.documentElement.classList.toggle('dark', next);
  };
  return { dark, toggle };
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { dark, toggle } = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      className="rounded-lg p-2 hover:bg-slate-200/70 dark:hover:bg-slate-800/70"
      aria-label={t(dark ? 'common.lightTheme' : 'common.darkTheme')}
    >
      {dark ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
    </button>
  );
}
