import { ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';

/** What an earning page shows while an ad blocker is in the way: why, what to do, and a retry. */
export function AdblockNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      icon={ShieldOff}
      tone="amber"
      testId="adblock-detected"
      title={t('adblock.title')}
      actions={
        <Button variant="secondary" onClick={onRetry} data-testid="adblock-retry">
          {t('adblock.retry')}
        </Button>
      }
    >
      {t('adblock.message')}
    </Notice>
  );
}
