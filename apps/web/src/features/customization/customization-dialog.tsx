import { X } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultTransition, savePreferredTransition } from '../../app/transitions.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { uiSettingsStore } from '../../lib/ui-settings.ts';
import { useWide } from '../../lib/use-wide.ts';
import { SettingsGroup } from './settings-group.tsx';
import { TransitionsTab } from './transitions-tab.tsx';

const tabs = ['transitions', 'components', 'performance'] as const;
/** The groups of the UI Components tab, in the order of the specification. */
const componentGroups = ['dropdown', 'notifications', 'sidebar', 'topNavigation', 'skin'] as const;
let lastTab: string = tabs[0];
const sheetWide = {
  top: '50%',
  left: '50%',
  translate: '-50% -50%',
  width: 'min(92vw, 44rem)',
  maxHeight: '85dvh',
};
/**
 * The UI Customization panel (issue #17): page transitions, the shell parts' looks and the
 * performance settings, each change saved at once and applied live. A modal dialog (focus kept in
 * it, Escape closes, focus back where it was); a full-screen sheet on a phone.
 */
export function CustomizationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(lastTab);
  const [confirmReset, setConfirmReset] = useState(false);
  // Opened without a Radix trigger (the palette button, the profile menu): focus goes back by hand.
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  const wide = useWide();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="customization"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            before?.focus();
          }}
          // A full-screen sheet on a phone, a centred box from 640 px (inline: the panel adds no CSS to start-up).
          className={`fixed z-50 flex flex-col bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${wide ? 'rounded-2xl border border-slate-200 shadow-2xl dark:border-slate-800' : 'inset-0'}`}
          style={wide ? sheetWide : undefined}
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <Dialog.Title className="mr-auto text-lg font-bold">{t('customization.title')}</Dialog.Title>
            <Dialog.Close
              className="rounded-lg p-2 hover:bg-slate-200/70 dark:hover:bg-slate-800/70"
              aria-label={t('common.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Tabs.Root
            value={tab}
            onValueChange={(next) => {
              lastTab = next;
              setTab(next);
            }}
            className="flex flex-1 flex-col"
            style={{ minHeight: 0 }}
          >
            <Tabs.List
              aria-label={t('customization.title')}
              className="flex gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800"
            >
              {tabs.map((name) => (
                <Tabs.Trigger
                  key={name}
                  value={name}
                  data-testid={`customization-tab-${name}`}
                  className={`rounded-lg px-3 py-1.5 text-sm font-medium ${tab === name ? 'bg-brand-500/15 text-brand-600 dark:text-brand-300' : 'hover:bg-slate-200/70 dark:hover:bg-slate-800/70'}`}
                >
                  {t(`customization.tabs.${name}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="flex-1 overflow-y-auto p-4" style={{ minHeight: 0 }}>
              <Tabs.Content value="transitions">
                <TransitionsTab />
              </Tabs.Content>
              <Tabs.Content value="components" className="flex flex-col gap-4">
                {componentGroups.map((group) => (
                  <SettingsGroup key={group} group={group} />
                ))}
              </Tabs.Content>
              <Tabs.Content value="performance">
                <SettingsGroup group="performance" />
              </Tabs.Content>
            </div>
          </Tabs.Root>
          <div className="flex justify-end border-t border-slate-200 px-4 py-3 dark:border-slate-800">
            <Button variant="secondary" onClick={() => setConfirmReset(true)} data-testid="customization-reset">
              {t('customization.reset')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirmReset}
            onOpenChange={setConfirmReset}
            title={t('customization.resetTitle')}
            message={t('customization.resetMessage')}
            confirmLabel={t('customization.reset')}
            testId="customization-reset-dialog"
            onConfirm={() => {
              // Every setting of the three tabs: the page transition is stored on its own (preferredTransition).
              uiSettingsStore.reset();
              savePreferredTransition(defaultTransition);
              setConfirmReset(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
