import type { RedeemCode, RedeemCodeCreateSchema, RedeemCodeUpdateSchema } from '@hostdeck/contracts';
import type { z } from 'zod';
import { resourceApi } from '../../lib/resource-api.ts';

export const redeemCodesApi = resourceApi<
  RedeemCode,
  z.infer<typeof RedeemCodeCreateSchema>,
  z.infer<typeof RedeemCodeUpdateSchema>
>('redeem-codes');

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code of `length` characters from the browser's cryptographic random source. */
export function randomCode(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Expired: an expiry in the past. */
export const isExpired = (code: Pick<RedeemCode, 'expires_at'>, now = Date.now()) =>
  code.expires_at !== null && new Date(code.expires_at).getTime() <= now;

/** "2026-05-01T14:30" (what a datetime-local input shows) for an ISO time, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO time of a datetime-local value (local time), or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
