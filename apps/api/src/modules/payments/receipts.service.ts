import type { Receipt } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { presentPayment } from './payments.service.ts';

/** A completed payment's receipt: the company from the settings, the member's billing details. */
export async function paymentReceipt(
  db: Db,
  settings: SettingsService,
  userId: string,
  paymentId: string,
): Promise<Receipt> {
  const [row] = await db
    .select({ payment: payments, user: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.status, 'completed')));
  if (!row) throw new AppError('NOT_FOUND', 'There is no such receipt');
  const s = (k: string) => settings.string(k) || null;
  const u = row.user;
  return {
    success: true,
    data: {
      number: `HD-${row.payment.createdAt.getUTCFullYear()}-${row.payment.id.slice(0, 8).toUpperCase()}`,
      payment: presentPayment(row.payment),
      seller: {
        name: settings.string('company_name'),
        company: s('company_name'),
        address: s('company_address'),
        city: s('company_city'),
        state: s('company_state'),
        zip: s('company_zip'),
        country: s('company_country'),
        vat: s('company_vat'),
      },
      buyer: {
        name: `${u.firstName} ${u.lastName}`.trim() || u.username,
        email: u.email,
        company: u.billingCompany,
        address: u.billingAddress,
        city: u.billingCity,
        state: u.billingState,
        zip: u.billingZip,
        country: u.billingCountry,
        vat: u.billingVat,
      },
    },
  };
}
