import type { StoreItem } from '@hostdeck/contracts';
import type { TFunction } from 'i18next';
import { Cpu, Database, HardDrive, type LucideIcon, MemoryStick, Network, Save, Server } from 'lucide-react';
import type { Formatters } from '../../lib/format.ts';

export type StoreItemKey = StoreItem['key'];

export const storeIcons: Record<StoreItemKey, LucideIcon> = {
  ram: MemoryStick,
  cpu: Cpu,
  disk: HardDrive,
  ports: Network,
  databases: Database,
  backups: Save,
  server_slots: Server,
};

/** An amount of an item with its unit: "1,024 MB", "50 %", "3 ports". */
export function formatItemAmount(f: Formatters, t: TFunction, key: StoreItemKey, n: number): string {
  if (key === 'ram' || key === 'disk') return f.megabytes(n);
  if (key === 'cpu') return f.percent(n);
  return t(`store.units.${key}`, { count: n, amount: f.number(n) });
}

/** The packs a member may pick now: at least 1 shown, at most what the cap and the coins both allow. */
export function packBounds(item: StoreItem, coins: number): { max: number; affordable: number } {
  const affordable = item.price > 0 ? Math.floor(coins / item.price) : item.packs_left;
  return { max: Math.max(0, Math.min(item.packs_left, affordable, 1000)), affordable };
}
