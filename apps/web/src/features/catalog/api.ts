import type { Egg, EggCategory, Location } from '@hostdeck/contracts';
import { resourceApi } from '../../lib/resource-api.ts';

export const locationsApi = resourceApi<Location>('locations');
export const categoriesApi = resourceApi<EggCategory>('egg-categories');
export const eggsApi = resourceApi<Egg>('eggs');
