import { intlLocale } from '@hostdeck/contracts';
import type { TFunction } from 'i18next';

/**
 * What a form says when a zod check without its own message fails, in the member's language
 * (`validation.zod.*`). Zod's own locales speak to developers ("Too small: expected string to have
 * >=1 characters") and it has none for Moldovan, so forms pass this map per parse; a message the
 * contract gives a check itself still wins (zod: schema message > per-parse map).
 *
 * The fields read are those of zod v4's raw issue; typed loosely so the login path imports no zod.
 */
export interface ZodIssueLike {
  code: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint | Date;
  maximum?: number | bigint | Date;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  divisor?: number;
}

const SIZED = new Set(['string', 'array', 'set']);
const NUMERIC = new Set(['number', 'int', 'bigint']);

export function zodIssueMessage(t: TFunction, lng: string): (issue: ZodIssueLike) => string {
  // Plain toLocaleString rather than lib/format.ts: this runs on the login page, which carries no formatters.
  const number = (n: number) => n.toLocaleString(intlLocale(lng));
  const count = (n: ZodIssueLike['minimum']) => Number(n);
  const z = (key: string, values?: Record<string, unknown>) => t(`validation.zod.${key}`, values);

  return (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null || issue.input === '') return z('required');
        if (issue.expected === 'int') return z('wholeNumber');
        if (issue.expected && NUMERIC.has(issue.expected)) return z('number');
        return z('invalid');
      case 'too_small':
        return sizeMessage(issue, 'min', issue.minimum);
      case 'too_big':
        return sizeMessage(issue, 'max', issue.maximum);
      case 'invalid_format':
        if (issue.format === 'email') return t('validation.email');
        if (issue.format === 'url') return t('validation.url');
        return z('format');
      case 'invalid_value':
        return z('option');
      case 'not_multiple_of':
        return z('multipleOf', { divisor: number(issue.divisor ?? 1) });
      default:
        return z('invalid');
    }
  };

  function sizeMessage(issue: ZodIssueLike, side: 'min' | 'max', bound: ZodIssueLike['minimum']): string {
    const origin = issue.origin ?? '';
    const n = count(bound);
    if (!Number.isFinite(n)) return z('invalid');
    if (SIZED.has(origin)) {
      const unit = origin === 'string' ? 'chars' : 'items';
      if (side === 'min' && n <= 1 && issue.inclusive !== false) return z(origin === 'string' ? 'required' : 'pickOne');
      // "Choose at least 2" needs no plural; "3 characters" does (`count` picks the form).
      const values = { count: unit === 'chars' ? n : undefined, amount: number(n) };
      if (issue.exact) return z(`${unit}Exactly`, values);
      return z(`${unit}${side === 'min' ? 'AtLeast' : 'AtMost'}`, values);
    }
    if (NUMERIC.has(origin)) {
      const inclusive = issue.inclusive !== false;
      const key = side === 'min' ? (inclusive ? 'atLeast' : 'moreThan') : inclusive ? 'atMost' : 'lessThan';
      return z(key, { value: number(n) });
    }
    return z('invalid');
  }
}
