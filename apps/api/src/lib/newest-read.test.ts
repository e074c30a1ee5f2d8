import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { RedirectCache } from '../modules/redirects/redirects.cache.ts';
import { SettingsService } from '../modules/settings/settings.service.ts';
import { localBus } from './bus.ts';

type Row = Record<string, string>;

/** A database whose reads answer when the test says, in the order it says. */
function heldReads() {
  const pending: ((rows: Row[]) => void)[] = [];
  const db = { select: () => ({ from: () => new Promise<Row[]>((resolve) => pending.push(resolve)) }) };
  return { db: db as unknown as Db, pending };
}

describe('copies read again twice in quick succession (NewestRead)', () => {
  it('settings: an older read that answers last does not put back what the newer one replaced', async () => {
    const { db, pending } = heldReads();
    const service = new SettingsService(db, localBus());
    const older = service.reload();
    const newer = service.reload();
    pending[1]?.([{ key: 'app_name', raw: JSON.stringify('Newer') }]);
    await newer;
    expect(service.string('app_name')).toBe('Newer');
    pending[0]?.([{ key: 'app_name', raw: JSON.stringify('Older') }]);
    await older;
    expect(service.string('app_name')).toBe('Newer');
  });

  it('redirect links: likewise', async () => {
    const { db, pending } = heldReads();
    const cache = new RedirectCache(db, localBus());
    const older = cache.reload();
    const newer = cache.reload();
    pending[1]?.([{ name: 'promo', url: 'https://newer.example.com' }]);
    await newer;
    pending[0]?.([{ name: 'promo', url: 'https://older.example.com' }]);
    await older;
    expect(cache.target('promo')).toBe('https://newer.example.com');
  });
});
