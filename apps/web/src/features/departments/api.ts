import type { Department, DepartmentCreateSchema, DepartmentUpdateSchema } from '@hostdeck/contracts';
import type { z } from 'zod';
import { resourceApi } from '../../lib/resource-api.ts';

export const departmentsApi = resourceApi<
  Department,
  z.infer<typeof DepartmentCreateSchema>,
  z.infer<typeof DepartmentUpdateSchema>
>('departments');

export const BASE = '/mc-admin/departments';
