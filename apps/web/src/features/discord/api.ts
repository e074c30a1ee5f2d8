import type { DiscordLinkStatusSchema, OAuthStartResultSchema } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';

export type DiscordLinkStatus = z.infer<typeof DiscordLinkStatusSchema>;
type OAuthStart = z.infer<typeof OAuthStartResultSchema>;
/** The pages Discord's consent page sends the member back to. */
export type DiscordReturnPage = 'account' | 'j4r';

export const discordKey = ['discord'] as const;
/** The join-for-rewards overview (it shows the linked account too). */
export const j4rKey = ['earn', 'j4r'] as const;

/** Whether Discord is set up on the panel, and the member's linked Discord account. */
export function useDiscordStatus() {
  return useQuery({ queryKey: discordKey, queryFn: () => api<DiscordLinkStatus>('/api/account/discord') });
}

/** Starts linking: the browser goes to Discord's consent page, which returns to `return_to`. */
export function useLinkDiscord() {
  return useMutation({
    mutationFn: (return_to: DiscordReturnPage) =>
      api<OAuthStart>('/api/account/discord/link', { method: 'POST', body: { return_to } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Unlinks the member's Discord account; the link status and the join-for-rewards overview are read again. */
export function useUnlinkDiscord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: true }>('/api/account/discord', { method: 'DELETE' }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: discordKey }),
        client.invalidateQueries({ queryKey: j4rKey }),
      ]);
    },
  });
}

/** A failed call in the member's language (`errors.<CODE>`). */
export function useErrorText() {
  const { t } = useTranslation();
  return (err: unknown) =>
    err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : t('errors.SERVER_ERROR');
}
