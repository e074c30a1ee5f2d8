import { describe, expect, it } from 'vitest';
import { BillingUpdateSchema, DeleteAccountSchema, LocaleUpdateSchema } from './account.ts';
import { locales } from './index.ts';

describe('account contract', () => {
  it('offers exactly the panel languages', () => {
    expect(LocaleUpdateSchema.shape.locale.options).toEqual([...locales]);
  });

  it('asks deletion for a password or a code, and trims billing fields', () => {
    expect(DeleteAccountSchema.safeParse({ confirm: 'me' }).success).toBe(false);
    expect(DeleteAccountSchema.safeParse({ confirm: 'me', code: '123456' }).success).toBe(true);
    const billing = { company: ' Acme ', address: '', city: '', state: '', zip: '', country: '', vat: '' };
    expect(BillingUpdateSchema.parse(billing).company).toBe('Acme');
  });
});
