import type { RedirectLink, RedirectLinkCreateSchema, RedirectLinkUpdateSchema } from '@hostdeck/contracts';
import type { z } from 'zod';
import { resourceApi } from '../../lib/resource-api.ts';

export const redirectLinksApi = resourceApi<
  RedirectLink,
  z.infer<typeof RedirectLinkCreateSchema>,
  z.infer<typeof RedirectLinkUpdateSchema>
>('redirect-links');

export const BASE = '/mc-admin/redirect-links';

/** Where a link answers: this panel's address with the name, e.g. https://panel.example.com/discord. */
export const linkAddress = (name: string) => `${window.location.origin}/${name}`;
