import type { J4rServer, J4rServerCreateSchema, J4rServerUpdateSchema } from '@hostdeck/contracts';
import type { z } from 'zod';
import { resourceApi } from '../../lib/resource-api.ts';

export const j4rServersApi = resourceApi<
  J4rServer,
  z.infer<typeof J4rServerCreateSchema>,
  z.infer<typeof J4rServerUpdateSchema>
>('j4r-servers');

export const BASE = '/mc-admin/j4r-servers';
