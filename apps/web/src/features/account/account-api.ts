import type {
  BillingUpdate,
  DeleteAccount,
  EmailChange,
  LocaleUpdate,
  PasswordChange,
  ProfileUpdate,
} from '@hostdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { changeLanguage, isLocale } from '../../lib/i18n.ts';
import { sessionManager } from '../../lib/session-manager.ts';

type Ok = { success: true };

/** The calls of /account's own sections (profile, email, password, billing, language, deletion). */
export const accountApi = {
  profile: (body: ProfileUpdate) =>
    api<{ success: true; data: ProfileUpdate }>('/api/account/profile', { method: 'PATCH', body }),
  email: (body: EmailChange) => api<{ success: true; email: string }>('/api/account/email', { method: 'POST', body }),
  confirmEmail: (token: string) =>
    api<{ success: true; email: string }>('/api/account/email/confirm', { method: 'POST', body: { token } }),
  password: (body: PasswordChange) => api<Ok>('/api/account/password', { method: 'POST', body }),
  passwordLink: () => api<Ok>('/api/account/password/link', { method: 'POST', body: {} }),
  billing: (body: BillingUpdate) => api<Ok>('/api/account/billing', { method: 'PUT', body }),
  locale: (body: LocaleUpdate) => api<Ok>('/api/account/locale', { method: 'PUT', body }),
  remove: (body: DeleteAccount) => api<Ok>('/api/account/delete', { method: 'POST', body }),
};

/** After a change the session (names, billing, email, language) is read again, and the profiles with it. */
export function useAccountChanged() {
  const client = useQueryClient();
  return async () => {
    await sessionManager.reload();
    await client.invalidateQueries({ queryKey: ['profiles'] });
  };
}

export function useSaveLocale() {
  const changed = useAccountChanged();
  return useMutation({ mutationFn: accountApi.locale, onSuccess: changed });
}

/**
 * Choosing a language, wherever it is chosen (the account page, the profile menu): the interface
 * switches at once and the choice is stored on the account, which mails use and the session brings
 * back to every browser (a choice kept only in this browser was undone by the next session refresh).
 */
export function useChooseLanguage() {
  const save = useSaveLocale();
  const choose = async (value: string, onSaved?: () => void) => {
    if (!isLocale(value)) return;
    await changeLanguage(value);
    save.mutate({ locale: value }, { onSuccess: onSaved });
  };
  return { choose, save };
}

/** A server field error other than plain validation shows in the member's language (errors.<CODE>). */
export const codeFieldMessages = (t: (key: string) => string) => ({
  fieldMessage: (err: { code: string }) => (err.code === 'VALIDATION_ERROR' ? undefined : t(`errors.${err.code}`)),
});
