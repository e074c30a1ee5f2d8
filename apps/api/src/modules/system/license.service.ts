import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { LicensePayloadSchema } from '@hostdeck/contracts';
import type { SettingsService } from '../settings/settings.service.ts';

// DER prefix that turns a raw 32-byte Ed25519 public key into SPKI.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function importPublicKey(text: string): KeyObject {
  if (text.includes('BEGIN PUBLIC KEY')) return createPublicKey(text);
  const raw = Buffer.from(text.trim(), 'base64');
  if (raw.length !== 32) throw new Error('An Ed25519 public key is 32 bytes (base64) or a PEM block');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/**
 * Offline license check. A key is base64url(JSON payload) + "." + base64url(Ed25519 signature of
 * the first part); it is valid for a feature when the signature matches the configured public key,
 * it has not expired and its feature list holds the name (or "*"). See docs/operations/licenses.md.
 */
export function checkLicense(key: string, publicKey: string, feature: string, now = new Date()): boolean {
  if (!key || !publicKey) return false;
  try {
    const [body, signature] = key.trim().split('.');
    if (!body || !signature) return false;
    if (!verify(null, Buffer.from(body), importPublicKey(publicKey), Buffer.from(signature, 'base64url'))) return false;
    const payload = LicensePayloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!payload.success) return false;
    if (payload.data.expires_at && new Date(payload.data.expires_at) <= now) return false;
    return payload.data.features.includes(feature) || payload.data.features.includes('*');
  } catch {
    return false;
  }
}

/** Caches results per feature until the license settings change (a minute at most, for expiry). */
export class LicenseService {
  private cache = new Map<string, { valid: boolean; at: number }>();
  constructor(private readonly settings: SettingsService) {
    settings.onChange(() => this.cache.clear());
  }
  isValid(feature: string): boolean {
    const hit = this.cache.get(feature);
    if (hit && Date.now() - hit.at < 60_000) return hit.valid;
    const valid = checkLicense(
      this.settings.string('license_key'),
      this.settings.string('license_public_key'),
      feature,
    );
    if (this.cache.size > 100) this.cache.clear();
    this.cache.set(feature, { valid, at: Date.now() });
    return valid;
  }
}
