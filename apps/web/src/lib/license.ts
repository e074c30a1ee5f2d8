import { storage } from './storage.ts';

/** License cache lifetime (specification §9). */
export const LICENSE_CACHE_MS = 5 * 60_000;

/** GET /api/system/license/{name}, cached 5 minutes; expired entries are dropped and re-fetched; a failure counts as invalid. */
export async function checkLicense(name: string): Promise<boolean> {
  const key = `license:${name}`;
  const cached = storage.getJson<{ valid: boolean; timestamp: number }>(key);
  if (cached && Date.now() - cached.timestamp < LICENSE_CACHE_MS) return cached.valid;
  if (cached) storage.remove(key);
  let valid = false;
  try {
    const res = await fetch(`/api/system/license/${encodeURIComponent(name)}`, {
      headers: { accept: 'application/json' },
    });
    if (res.ok) valid = ((await res.json()) as { valid?: unknown }).valid === true;
  } catch {
    valid = false;
  }
  storage.setJson(key, { valid, timestamp: Date.now() });
  return valid;
}
