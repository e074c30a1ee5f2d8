import { randomUUID } from 'node:crypto';
import {
  type SettingDefinition,
  type SettingValue,
  settingBounds,
  settingDefaults,
  settingsByKey,
  settingsCatalogue,
  settingValueSchema,
} from '@hostdeck/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Bus, NewestRead, reloadUntilDone } from '../../lib/bus.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';

const CHANNEL = 'hostdeck:settings';

/**
 * Settings live in memory: every read is a map lookup. The cache is rebuilt from the database
 * when any instance changes a value (the bus carries the invalidation).
 */
/** A rule across settings and the rest of the data; gets the changed keys with their new values. */
export type SettingsGuard = (next: Record<string, SettingValue>) => Promise<void>;

export class SettingsService {
  private values = settingDefaults();
  private stored = new Set<string>();
  private publicSnapshot: Record<string, SettingValue> = {};
  private listeners: (() => void)[] = [];
  private guards: SettingsGuard[] = [];
  /** Lets an instance ignore the invalidation it published itself (it already reloaded). */
  private readonly instanceId = randomUUID();
  private readonly reads = new NewestRead();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    /** Seals secret settings (SMTP password, payment keys) in the database; without it they are kept as given. */
    private readonly appKey?: string,
  ) {
    bus.subscribe(CHANNEL, {
      message: (from) => {
        if (from !== this.instanceId) reloadUntilDone(() => this.reload());
      },
      missed: () => reloadUntilDone(() => this.reload()),
    });
  }

  async reload(): Promise<void> {
    // Read as text and parsed here: drizzle's jsonb reader parses a JSON string a second time, so a
    // stored "424242" would come back as the number 424242 and fail a text setting's schema.
    const newest = this.reads.begin();
    const rows = await this.db.select({ key: settings.key, raw: sql<string>`${settings.value}::text` }).from(settings);
    if (!newest()) return;
    const values = settingDefaults();
    const stored = new Set<string>();
    for (const row of rows) {
      const def = settingsByKey.get(row.key);
      if (!def) continue; // a key the catalogue no longer has is ignored, not served
      const value = this.unseal(JSON.parse(row.raw));
      if (value === undefined) continue;
      const parsed = settingValueSchema(def).safeParse(value);
      if (parsed.success) {
        values[row.key] = parsed.data;
        stored.add(row.key);
      }
    }
    this.values = values;
    this.stored = stored;
    this.publicSnapshot = Object.fromEntries(
      settingsCatalogue.filter((d) => d.visibility === 'public').map((d) => [d.key, values[d.key] as SettingValue]),
    );
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Adds a rule that a change must pass before anything is written (it throws an AppError). */
  guard(guard: SettingsGuard): void {
    this.guards.push(guard);
  }

  get<T extends SettingValue = SettingValue>(key: string): T {
    if (!settingsByKey.has(key)) throw new Error(`Unknown setting ${key}`);
    return this.values[key] as T;
  }
  string(key: string): string {
    return String(this.get(key));
  }
  number(key: string): number {
    return Number(this.get(key));
  }
  bool(key: string): boolean {
    return this.get(key) === true;
  }
  isSet(key: string): boolean {
    return this.stored.has(key);
  }

  /** Public settings only: what GET /api/system/settings serves. */
  publicValues(): Record<string, SettingValue> {
    return this.publicSnapshot;
  }

  /** Validates every key first, then writes all of them in one transaction (or none). */
  async update(changes: Record<string, SettingValue | null>): Promise<void> {
    const fields: Record<string, string> = {};
    const upserts: { key: string; value: SettingValue }[] = [];
    const resets: string[] = [];
    for (const [key, value] of Object.entries(changes)) {
      const def: SettingDefinition | undefined = settingsByKey.get(key);
      if (!def) {
        fields[key] = 'Unknown setting';
        continue;
      }
      if (value === null) {
        resets.push(key);
        continue;
      }
      const parsed = settingValueSchema(def).safeParse(value);
      if (!parsed.success) fields[key] = parsed.error.issues[0]?.message ?? 'Invalid value';
      else upserts.push({ key, value: parsed.data });
    }
    if (Object.keys(fields).length > 0) {
      const unknown = Object.values(fields).every((m) => m === 'Unknown setting');
      throw new AppError(unknown ? 'SETTING_UNKNOWN' : 'VALIDATION_ERROR', 'Some settings are not valid', fields);
    }
    const next: Record<string, SettingValue> = Object.fromEntries([
      ...upserts.map(({ key, value }) => [key, value] as const),
      ...resets.map((key) => [key, settingsByKey.get(key)?.default as SettingValue] as const),
    ]);
    for (const { low, high, scale = 1, message } of settingBounds) {
      if (!(low in next) && !(high in next)) continue;
      const value = (key: string) => Number(key in next ? next[key] : this.get(key));
      if (value(low) * scale > value(high)) fields[low in next ? low : high] = message;
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', 'Some settings are not valid', fields);
    for (const guard of this.guards) await guard(next);
    await this.db.transaction(async (tx) => {
      if (resets.length > 0) await tx.delete(settings).where(inArray(settings.key, resets));
      for (const { key, value } of upserts) {
        const stored = this.seal(settingsByKey.get(key)!, value);
        await tx
          .insert(settings)
          .values({ key, value: stored })
          .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: new Date() } });
      }
    });
    await this.reload();
    await this.bus.publish(CHANNEL, this.instanceId);
  }

  /**
   * A secret setting as stored: `{ "sealed": "<AES-256-GCM with the app key>" }`, so a database dump or
   * a backup does not carry SMTP passwords and payment keys readable (as two-factor and plugin secrets
   * are kept). Other settings are stored as they are.
   */
  private seal(def: SettingDefinition, value: SettingValue): SettingValue | { sealed: string } {
    if (def.visibility !== 'secret' || !this.appKey) return value;
    return { sealed: encrypt(JSON.stringify(value), this.appKey) };
  }

  /** The stored value, unsealed; undefined (not set) when it cannot be read with this app key. */
  private unseal(stored: unknown): unknown {
    if (!isSealed(stored)) return stored; // written before sealing, or without an app key
    if (!this.appKey) return undefined;
    try {
      return JSON.parse(decrypt(stored.sealed, this.appKey));
    } catch {
      return undefined; // another app key (a restore into a panel with its own): set it again
    }
  }

  /** Seals the secret settings stored before sealing was there (once, at start; a no-op after). */
  async sealStoredSecrets(): Promise<number> {
    if (!this.appKey) return 0;
    const rows = await this.db.select({ key: settings.key, raw: sql<string>`${settings.value}::text` }).from(settings);
    let sealed = 0;
    for (const row of rows) {
      const def = settingsByKey.get(row.key);
      const value = JSON.parse(row.raw);
      if (def?.visibility !== 'secret' || isSealed(value)) continue;
      await this.db
        .update(settings)
        .set({ value: this.seal(def, value) })
        .where(eq(settings.key, row.key));
      sealed++;
    }
    return sealed;
  }
}

const isSealed = (v: unknown): v is { sealed: string } =>
  typeof v === 'object' && v !== null && typeof (v as { sealed?: unknown }).sealed === 'string';
