import { formatMoney, intlLocale } from '@hostdeck/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetting, useSettingsState } from './use-settings.ts';

/** An amount in cents of a currency, as every page shows money: "€12.50", "12,50 lei". */
export type MoneyFormatter = (cents: number, currency: string) => string;

/**
 * The one money formatter of the client: the member's language decides the number format and where
 * the symbol goes; the currency_symbol setting is the symbol of the panel's own currency (setting
 * `currency`). Until the settings are loaded, Intl's symbol is used.
 */
export function useMoney(): MoneyFormatter {
  const { i18n } = useTranslation();
  const ready = useSettingsState().status === 'initialized';
  const currency = useSetting<unknown>('currency');
  const symbol = useSetting<unknown>('currency_symbol');
  const locale = intlLocale(i18n.language ?? 'en');
  const own = ready && typeof currency === 'string' ? currency : undefined;
  const sign = ready && typeof symbol === 'string' ? symbol : undefined;
  return useCallback(
    (cents, code) =>
      formatMoney(
        cents,
        code,
        locale,
        own !== undefined && sign !== undefined ? { currency: own, symbol: sign } : undefined,
      ),
    [locale, own, sign],
  );
}
