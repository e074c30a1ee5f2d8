import { useTranslation } from 'react-i18next';
import { debugLog } from '../../lib/debug-capture.ts';
import { ClearButton, CopyButton, Empty, formatTime, Pre, Toolbar, useDebugLog } from './debug-ui.tsx';

/** Uncaught errors and rejected promises, newest first, each stack under its message. */
export function ErrorsTab() {
  const { t } = useTranslation();
  useDebugLog();
  const entries = debugLog.errors.list().slice().reverse();
  return (
    <div>
      <Toolbar>
        <ClearButton buffer="errors" />
      </Toolbar>
      {entries.length === 0 && <Empty />}
      <ul className="space-y-1">
        {entries.map((e) => (
          <li key={e.id} data-testid="debug-error-entry">
            <details className="rounded border border-rose-200 px-2 py-1 dark:border-rose-900">
              <summary className="cursor-pointer font-mono text-xs">
                <span className="text-muted">{formatTime(e.time)}</span> {e.message}
              </summary>
              <div className="mt-2 space-y-1">
                <CopyButton text={`${e.message}\n${e.stack}`} />
                <Pre label={e.message}>{e.stack || t('debugPanel.errors.noStack')}</Pre>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
