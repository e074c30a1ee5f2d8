import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';

/** "1 coin", "1,250 coins" in the member's language (plural rules of the language). */
export function useCoinText(): (n: number) => string {
  const { t } = useTranslation();
  const f = useFormat();
  return (n: number) => t('coins.amount', { count: n, amount: f.number(n) });
}
