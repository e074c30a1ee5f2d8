import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConsoleLevel, consoleLevels, debugLog } from '../../lib/debug-capture.ts';
import { ClearButton, CopyButton, Empty, fieldClass, formatTime, Toolbar, useDebugLog } from './debug-ui.tsx';

/** Each level's colour, 4.5:1 or more on the panel in both themes (secondary text is text-muted, not faded). */
const levelColour: Record<ConsoleLevel, string> = {
  log: '',
  info: 'text-sky-700 dark:text-sky-400',
  warn: 'text-amber-700 dark:text-amber-400',
  error: 'text-rose-700 dark:text-rose-400',
  debug: 'text-muted',
};

/** The captured console output, filtered by level. */
export function ConsoleTab() {
  const { t } = useTranslation();
  useDebugLog();
  const [level, setLevel] = useState<ConsoleLevel | ''>('');
  const entries = debugLog.console.list().filter((e) => !level || e.level === level);
  const asText = entries.map((e) => `[${formatTime(e.time)}] ${e.level.toUpperCase()} ${e.text}`).join('\n');
  return (
    <div>
      <Toolbar>
        <select
          className={fieldClass}
          value={level}
          onChange={(e) => setLevel(e.target.value as ConsoleLevel | '')}
          aria-label={t('debugPanel.console.level')}
        >
          <option value="">{t('debugPanel.console.allLevels')}</option>
          {consoleLevels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <CopyButton text={asText} />
        <ClearButton buffer="console" />
      </Toolbar>
      {entries.length === 0 && <Empty />}
      <ul className="space-y-0.5 font-mono text-xs">
        {entries.map((e) => (
          <li
            key={e.id}
            data-testid="debug-console-entry"
            className={`whitespace-pre-wrap break-all ${levelColour[e.level]}`}
          >
            <span className="text-muted">{formatTime(e.time)}</span> <strong>{e.level}</strong> {e.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
