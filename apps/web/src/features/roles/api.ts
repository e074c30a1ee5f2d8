import type { Role, RoleCreate, RoleUpdate } from '@hostdeck/contracts';
import { resourceApi } from '../../lib/resource-api.ts';

export const rolesApi = resourceApi<Role, RoleCreate, RoleUpdate>('roles');
