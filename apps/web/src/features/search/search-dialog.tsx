import { Loader2, Search } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pageHits, type SearchGroup, type SearchHit, useRemoteGroups } from './api.ts';
import type { SearchPage } from './search-launcher.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

/** Typing settles this long before the remote groups are asked. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The top bar's search (Ctrl+K): one combobox over grouped results. Arrow keys move the active
 * option (aria-activedescendant; focus stays in the field), Enter opens it, Escape closes and focus
 * goes back to where it was.
 */
export function SearchDialog({ pages, onClose }: { pages: SearchPage[]; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const translated = pages.map((p) => ({ path: p.path, label: t(p.label) }));
  const pageGroup: SearchGroup = { key: 'pages', status: 'success', hits: pageHits(translated, q) };
  const groups = [pageGroup, ...useRemoteGroups(q)];
  const hits = groups.flatMap((g) => g.hits);
  // The active option belongs to its query: a new query starts again at the first result.
  const [cursor, setCursor] = useState({ q, index: 0 });
  const active = cursor.q === q ? Math.min(cursor.index, hits.length - 1) : 0;
  const setActive = (index: number) => setCursor({ q, index });
  const current = hits[active];
  const optionId = (hit: SearchHit) => `${listId}-${hit.id}`;

  // Radix gives focus back to a Dialog.Trigger; there is none (a shortcut may open the dialog), so the
  // element that had focus when it opened (still focused: the loading showed nothing) gets it back.
  const [returnTo] = useState(() => document.activeElement);
  useEffect(() => () => (returnTo as HTMLElement | null)?.focus?.(), [returnTo]);
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const open = (hit: SearchHit) => {
    onClose();
    void navigate(hit.to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + hits.length) % hits.length);
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      open(current);
    }
  };

  const typed = text.trim();
  const searching = typed !== q || groups.some((g) => g.status === 'pending');
  const status = !typed
    ? t('search.hint')
    : searching
      ? t('search.loading')
      : hits.length === 0
        ? t('search.empty', { query: q })
        : t('search.count', { count: hits.length });

  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="search-dialog"
          className="surface fixed inset-x-2 top-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden p-0 sm:inset-x-auto sm:top-[12vh] sm:left-1/2 sm:w-[36rem] sm:max-h-[70vh] sm:-translate-x-1/2"
        >
          <Dialog.Title className="sr-only">{t('search.title')}</Dialog.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-800">
            <Search className="size-4 shrink-0 text-muted" aria-hidden />
            <input
              role="combobox"
              aria-label={t('search.title')}
              aria-expanded={hits.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={current ? optionId(current) : undefined}
              placeholder={t('search.placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="go"
              className="min-h-12 w-full bg-transparent text-base outline-none"
            />
            {searching && typed && <Loader2 className="size-4 shrink-0 animate-spin text-muted" aria-hidden />}
            <Dialog.Close className="rounded-md border border-slate-300 px-1.5 text-xs text-muted dark:border-slate-700">
              <span aria-hidden>Esc</span>
              <span className="sr-only">{t('search.close')}</span>
            </Dialog.Close>
          </div>
          <div id={listId} role="listbox" aria-label={t('search.results')} className="overflow-y-auto p-2">
            {groups.map((g) => (
              <ResultGroup
                key={g.key}
                group={g}
                q={q}
                active={current}
                optionId={optionId}
                onOpen={open}
                onHover={(hit) => setActive(hits.indexOf(hit))}
              />
            ))}
          </div>
          <p
            role="status"
            data-testid="search-status"
            className="border-t border-slate-200 px-4 py-2 text-xs text-muted dark:border-slate-800"
          >
            {status}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ResultGroup({
  group,
  q,
  active,
  optionId,
  onOpen,
  onHover,
}: {
  group: SearchGroup;
  q: string;
  active: SearchHit | undefined;
  optionId: (hit: SearchHit) => string;
  onOpen: (hit: SearchHit) => void;
  onHover: (hit: SearchHit) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  // A group shows once it has something to say: results, or that it failed.
  if (!q || (group.status !== 'error' && group.hits.length === 0)) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not a form's fieldset
    <div role="group" aria-labelledby={headingId} data-testid={`search-group-${group.key}`} className="mb-2">
      <div id={headingId} role="presentation" className="px-2 py-1 text-xs font-semibold text-muted uppercase">
        {t(`search.groups.${group.key}`)}
      </div>
      {group.status === 'error' && (
        <p className="px-2 py-1 text-sm text-rose-600 dark:text-rose-400">{t('search.error')}</p>
      )}
      {group.hits.map((hit) => (
        // The field keeps focus and the keyboard; the pointer opens an option directly.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys (aria-activedescendant)
        <div
          key={hit.id}
          id={optionId(hit)}
          role="option"
          tabIndex={-1}
          aria-selected={hit === active}
          onClick={() => onOpen(hit)}
          onPointerMove={() => hit !== active && onHover(hit)}
          className="flex cursor-pointer items-baseline gap-2 rounded-lg px-2 py-2 text-sm aria-selected:bg-brand-500/15 aria-selected:text-brand-700 dark:aria-selected:text-brand-300"
        >
          <span className="truncate font-medium">{hit.label}</span>
          {hit.detail && <span className="truncate text-xs text-muted">{hit.detail}</span>}
        </div>
      ))}
    </div>
  );
}
