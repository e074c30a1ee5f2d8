import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSecretCookie, MASK } from '../../lib/debug-capture.ts';
import { storage } from '../../lib/storage.ts';
import { Empty, smallButton } from './debug-ui.tsx';

const VALUE_MAX = 300;

function readCookies(): { name: string; value: string }[] {
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', ...rest] = part.split('=');
      return { name, value: isSecretCookie(name) ? MASK : decodeURIComponent(rest.join('=')) };
    });
}

function readLocalStorage(): { key: string; value: string }[] {
  try {
    return Object.keys(localStorage)
      .sort()
      .map((key) => ({ key, value: storage.get(key) ?? '' }));
  } catch {
    return [];
  }
}

/** Cookies the page can read (HttpOnly ones cannot be) and local storage, with a delete per key. */
export function StorageTab() {
  const { t } = useTranslation();
  const [items, setItems] = useState(readLocalStorage);
  const cookies = readCookies();
  return (
    <div className="space-y-3 text-xs">
      <section>
        <h3 className="mb-1 font-semibold">{t('debugPanel.storage.cookies')}</h3>
        {cookies.length === 0 && <Empty />}
        <table className="w-full">
          <tbody>
            {cookies.map((c) => (
              <tr key={c.name} data-testid="debug-cookie">
                <td className="pr-2 align-top font-mono">{c.name}</td>
                <td className="break-all font-mono">{c.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 text-muted">{t('debugPanel.storage.httpOnly', { name: 'user_token' })}</p>
      </section>
      <section>
        <h3 className="mb-1 font-semibold">{t('debugPanel.storage.local')}</h3>
        {items.length === 0 && <Empty />}
        <table className="w-full">
          <tbody>
            {items.map((item) => (
              <tr key={item.key} data-testid="debug-storage-item">
                <td className="pr-2 align-top font-mono">{item.key}</td>
                <td className="break-all font-mono">
                  {item.value.length > VALUE_MAX ? `${item.value.slice(0, VALUE_MAX)}…` : item.value}
                </td>
                <td className="pl-2 align-top">
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={t('debugPanel.storage.deleteKey', { key: item.key })}
                    onClick={() => {
                      storage.remove(item.key);
                      setItems(readLocalStorage());
                    }}
                  >
                    {t('debugPanel.storage.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
