import { useTranslation } from 'react-i18next';
import {
  savePreferredTransition,
  type TransitionStyle,
  transitionStyles,
  usePreferredTransition,
} from '../../app/transitions.tsx';

/** The eight page transitions, each playing in a small preview; the chosen one is `preferredTransition`. */
export function TransitionsTab() {
  const { t } = useTranslation();
  const chosen = usePreferredTransition();
  const choose = (style: TransitionStyle) => savePreferredTransition(style);
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <legend className="sr-only">{t('transitions.title')}</legend>
      {transitionStyles.map((style) => (
        <button
          key={style}
          type="button"
          aria-pressed={chosen === style}
          data-testid={`transition-${style}`}
          onClick={() => choose(style)}
          className={`flex flex-col items-center gap-2 rounded-xl border p-3 text-sm ${chosen === style ? 'border-brand-500 bg-brand-500/15 font-semibold' : 'border-slate-200 hover:bg-slate-200/70 dark:border-slate-800 dark:hover:bg-slate-800/70'}`}
        >
          {/* The page transition's own animation, repeated: what a page does when it arrives. */}
          <span
            className="grid w-full place-items-center overflow-hidden rounded-lg bg-slate-500/10"
            style={{ height: 56 }}
            aria-hidden
          >
            <span
              className={`page-enter t-${style} block h-8 rounded-md bg-brand-500`}
              style={{ width: 48, animationIterationCount: 'infinite', animationDuration: '1.6s' }}
            />
          </span>
          {t(`transitions.${style}`)}
        </button>
      ))}
    </fieldset>
  );
}
