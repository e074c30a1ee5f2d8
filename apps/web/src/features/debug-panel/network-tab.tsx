import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debugLog } from '../../lib/debug-capture.ts';
import { ClearButton, CopyButton, Empty, fieldClass, formatTime, Pre, Toolbar, useDebugLog } from './debug-ui.tsx';

/** Every API call: method, URL, status, time, size; the bodies open under each row. */
export function NetworkTab() {
  const { t } = useTranslation();
  useDebugLog();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const entries = debugLog.network
    .list()
    .filter((e) => e.url.toLowerCase().includes(text.toLowerCase()) && String(e.status).startsWith(status))
    .slice()
    .reverse();
  return (
    <div>
      <Toolbar>
        <input
          className={fieldClass}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('debugPanel.filterText')}
          aria-label={t('debugPanel.filterText')}
        />
        <input
          className={`${fieldClass} w-24`}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          placeholder={t('debugPanel.network.status')}
          aria-label={t('debugPanel.network.filterStatus')}
        />
        <ClearButton buffer="network" />
      </Toolbar>
      {entries.length === 0 && <Empty />}
      <ul className="space-y-1">
        {entries.map((e) => (
          <li key={e.id} data-testid="debug-network-entry">
            <details className="rounded border border-slate-200 px-2 py-1 dark:border-slate-800">
              <summary className="cursor-pointer font-mono text-xs">
                <span
                  className={
                    e.status >= 400 || e.status === 0
                      ? 'text-rose-700 dark:text-rose-400'
                      : 'text-emerald-700 dark:text-emerald-400'
                  }
                >
                  {e.status || '—'}
                </span>{' '}
                {e.method} {e.url}{' '}
                <span className="text-muted">
                  {t('debugPanel.network.meta', {
                    ms: Math.round(e.durationMs),
                    size: e.size,
                    time: formatTime(e.time),
                  })}
                </span>
              </summary>
              <div className="mt-2 space-y-2">
                <BodyBlock
                  label={t('debugPanel.network.requestHeaders')}
                  text={JSON.stringify(e.requestHeaders, null, 2)}
                />
                <BodyBlock label={t('debugPanel.network.request')} text={e.requestBody} />
                <BodyBlock label={t('debugPanel.network.response')} text={e.responseBody} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BodyBlock({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <div className="mb-1 flex items-center gap-2 text-xs font-semibold">
        {label} <CopyButton text={text} />
      </div>
      <Pre label={label}>{text}</Pre>
    </div>
  );
}
