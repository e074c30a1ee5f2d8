import { z } from 'zod';
import { defineResource, listQuery, VersionSchema } from '../resource.ts';
import { line } from '../text.ts';

/** An absolute http(s) address: javascript:, data:, ftp: and the rest are refused with this message. */
export const HTTP_URL_MESSAGE = 'Only http:// and https:// addresses';
export const httpUrl = (max = 2048) =>
  line()
    .max(max)
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, message: HTTP_URL_MESSAGE }));

/**
 * First path segments the panel itself uses (every top-level route of the SPA and the API, and the
 * build's asset folder). A redirect link never takes one of these, so it can never shadow a page;
 * a web test keeps this list in step with the router.
 */
export const reservedPathSegments = [
  'account',
  'announcements',
  'api',
  'assets',
  'auth',
  'dashboard',
  'earn',
  'errors',
  // Load balancers' probes and Prometheus (served by the API outside /api).
  'healthz',
  // Hosted images' pages and files (/i/<id>, served by the API outside /api).
  'i',
  'images',
  'leaderboard',
  'lookup',
  'mc-admin',
  'metrics',
  'privacy-policy',
  'profile',
  'readyz',
  'server',
  'store',
  'terms-of-service',
  'ticket',
  'ws',
] as const;
const reserved = new Set<string>(reservedPathSegments);
export const isReservedPathSegment = (segment: string) => reserved.has(segment.toLowerCase());

export const REDIRECT_NAME_MESSAGE = 'Lower-case letters, digits, - and _ only';
export const REDIRECT_RESERVED_MESSAGE = 'This address is a page of the panel';
/** The path segment a redirect answers on: kept lower-case; never a page of the panel. */
const redirectName = line()
  .min(1)
  .max(64)
  .transform((v) => v.toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9_-]+$/, { message: REDIRECT_NAME_MESSAGE })
      .refine((v) => !reserved.has(v), { message: REDIRECT_RESERVED_MESSAGE }),
  );
const redirectFields = { name: redirectName, url: httpUrl() };

export const RedirectLinkSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'RedirectLink' });
export type RedirectLink = z.infer<typeof RedirectLinkSchema>;
export const RedirectLinkCreateSchema = z.object(redirectFields).strict();
export const RedirectLinkUpdateSchema = z.object(redirectFields).partial().extend(VersionSchema.shape).strict();
export const redirectLinksResource = defineResource({
  name: 'redirect-links',
  permission: 'admin.redirect.links',
  item: RedirectLinkSchema,
  create: RedirectLinkCreateSchema,
  update: RedirectLinkUpdateSchema,
  listQuery: listQuery(['name', 'url', 'created_at'], {}),
  sortable: ['name', 'url', 'created_at'],
});
