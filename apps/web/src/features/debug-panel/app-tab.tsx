import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLocale } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { fieldClass } from './debug-ui.tsx';
import { runCommand, type TerminalContext } from './terminal.ts';

// Kept while the panel is closed and opened again.
const screen: string[] = [];
const history: string[] = [];

/** A small terminal: an input line and what the commands answered (see terminal.ts). */
export function AppTab() {
  const { t } = useTranslation();
  const [lines, setLines] = useState<string[]>(() => [...screen]);
  const [input, setInput] = useState('');
  const cursor = useRef(history.length);
  const context: TerminalContext = {
    t,
    settings: () => settingsStore.getState().values,
    session: () => sessionManager.getState().data,
    changeLanguage: async (code) => {
      if (isLocale(code)) await changeLanguage(code);
    },
    clearCache: () => queryClient.clear(),
  };
  async function submit() {
    const line = input;
    setInput('');
    if (line.trim()) history.push(line);
    cursor.current = history.length;
    const result = await runCommand(line, context);
    if (result.clear) screen.length = 0;
    else screen.push(`> ${line}`, ...result.lines);
    setLines([...screen]);
  }
  function handleKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') void submit();
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      cursor.current = Math.min(history.length, Math.max(0, cursor.current + (e.key === 'ArrowUp' ? -1 : 1)));
      setInput(history[cursor.current] ?? '');
    }
  }
  return (
    <div className="font-mono text-xs">
      <pre data-testid="debug-terminal-output" className="mb-2 whitespace-pre-wrap break-all" aria-live="polite">
        {lines.length ? lines.join('\n') : t('debugPanel.app.intro')}
      </pre>
      <label className="flex items-center gap-2">
        <span aria-hidden="true">&gt;</span>
        <span className="sr-only">{t('debugPanel.app.input')}</span>
        <input
          data-testid="debug-terminal-input"
          className={`${fieldClass} flex-1 font-mono`}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={handleKey}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
    </div>
  );
}
