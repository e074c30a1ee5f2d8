import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  findControlCharacter,
  LINE_BREAK_MESSAGE,
  PASSWORD_BLANK_MESSAGE,
} from '@hostdeck/contracts';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  set,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import type { ZodIssueLike } from '../../lib/zod-messages.ts';

/**
 * The contract's own English messages (and the specification's defaults, and the API's words for a
 * taken name or address), shown in the member's language. A test reads the contracts' form messages
 * and fails on one missing here.
 */
export const knownMessages: Record<string, string> = {
  'A colour like #22d3ee': 'validation.accentColor',
  'Change at least one of status, priority and assignee': 'validation.ticketChange',
  'Give a non-zero amount': 'validation.nonZero',
  'Lowercase letters, digits and _': 'validation.roleName',
  'Pick a department': 'validation.pickDepartment',
  'Pick a staff member': 'validation.pickStaff',
  'Pick one of your servers': 'validation.pickServer',
  'This username is taken': 'errors.USERNAME_TAKEN',
  'This email is already registered': 'errors.EMAIL_TAKEN',
  'Invalid email address': 'validation.email',
  'Invalid URL': 'validation.url',
  'Only letters, digits, _ and - are allowed': 'validation.username',
  'Enter the 6-digit code': 'validation.code',
  'Enter the 6-digit code or a recovery code': 'validation.twoFactorCode',
  'Pick a member': 'validation.pickMember',
  'Letters, digits, - and _ only': 'validation.codeChars',
  'A Discord id: 17 to 20 digits': 'validation.discordId',
  'An invite code or a discord.gg address': 'validation.inviteCode',
  'Only http:// and https:// addresses': 'validation.httpUrl',
  'Lower-case letters, digits, - and _ only': 'validation.redirectName',
  'This address is a page of the panel': 'validation.reservedPath',
  'Letters, digits, spaces, - and _ only': 'validation.tag',
  'Write the announcement': 'validation.announcementBody',
  'Letters, digits, spaces and - only': 'validation.billingZip',
  'Letters, digits, spaces, . and - only': 'validation.billingVat',
  'Enter your password or a two-factor code': 'validation.passwordOrCode',
  'A colour like #5865f2': 'validation.embedColor',
  'A tag is listed twice': 'validation.tagTwice',
  [CONTROL_CHARACTER_MESSAGE]: 'validation.controlCharacter',
  [PASSWORD_BLANK_MESSAGE]: 'validation.passwordBlank',
  [LINE_BREAK_MESSAGE]: 'validation.lineBreak',
};

export interface ApiFormExtras {
  /** A server field error in the page's own words (e.g. "not enough free" for a resource). */
  fieldMessage?: (error: ApiError, field: string, message: string) => string | undefined;
  /** The form's error in the page's own words, where `errors.<CODE>` would speak to the wrong person. */
  errorMessage?: (error: ApiError) => string | undefined;
}

type Schema<T extends FieldValues> = z.ZodType<T, FieldValues>;

/**
 * react-hook-form with the contract's zod schema; the server's field errors land on their fields,
 * any other error becomes a translated message (`errors.<CODE>`). The schema may be given as a
 * loader (`() => import(...)`): it loads when the form first validates (a field left, or submit),
 * so a page that must paint fast (the login page) does not wait for zod.
 */
export function useApiForm<T extends FieldValues>(
  schema: Schema<T> | (() => Promise<Schema<T>>),
  submit: (values: T) => Promise<void>,
  options: UseFormProps<T> = {},
  extras: ApiFormExtras = {},
) {
  const { t, i18n } = useTranslation();
  const tr = (message: string) => (knownMessages[message] ? t(knownMessages[message]) : message);
  const [error, setError] = useState<string | null>(null);
  // Read at each parse, so a language changed while the form is open speaks the new one.
  const speak = useRef({ t, lng: i18n.language });
  speak.current = { t, lng: i18n.language };
  const [resolver] = useState(() =>
    lazyResolver(
      typeof schema === 'function' ? schema : () => Promise.resolve(schema),
      () => speak.current,
      () => setError(t('errors.NETWORK_ERROR')),
    ),
  );
  const form = useForm<T>({
    resolver: translated(resolver, tr),
    mode: 'onTouched',
    ...options,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await submit(values as T);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = Object.entries(err.fields);
        for (const [name, message] of fields)
          form.setError(name as Path<T>, { message: extras.fieldMessage?.(err, name, message) ?? tr(message) });
        if (fields.length === 0 || err.code !== 'VALIDATION_ERROR')
          setError(extras.errorMessage?.(err) ?? t(`errors.${err.code}`, { defaultValue: err.message }));
      } else {
        setError(t('errors.SERVER_ERROR'));
      }
    }
  });
  return { form, onSubmit, error };
}

/**
 * Loads the schema and zod's messages (`lib/zod-messages.ts`) on first use, once (again after a
 * failed load, which `failed` reports): neither weighs on a page's first paint.
 */
function lazyResolver<T extends FieldValues>(
  load: () => Promise<Schema<T>>,
  speak: () => { t: TFunction; lng: string },
  failed: () => void,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loading ??= Promise.all([load(), import('../../lib/zod-messages.ts')]).then(
      ([schema, { zodIssueMessage }]) =>
        zodResolver(
          schema as never,
          {
            error: (issue: ZodIssueLike) => zodIssueMessage(speak().t, speak().lng)(issue),
          } as never,
        ) as unknown as Resolver<T>,
    );
    try {
      return await (await loading)(values, context, options);
    } catch (err) {
      loading = null;
      console.error('The form could not load its checks', err);
      failed();
      return { values: {}, errors: { root: { type: 'load', message: '' } } as FieldErrors<T> };
    }
  };
}

/** The contract's schema, then the API's rule on control characters (NUL and the like) on every field. */
function translated<T extends FieldValues>(resolver: Resolver<T>, tr: (m: string) => string): Resolver<T> {
  return async (values, context, options) => {
    let result = await resolver(values, context, options);
    const bad = findControlCharacter(values);
    if (bad && !get(result.errors, bad)) {
      const errors = { ...result.errors } as FieldErrors<T>;
      set(errors, bad, { type: 'controlCharacter', message: CONTROL_CHARACTER_MESSAGE });
      result = { values: {}, errors };
    }
    for (const error of Object.values(result.errors)) {
      if (error && typeof error.message === 'string') error.message = tr(error.message);
    }
    return result;
  };
}
