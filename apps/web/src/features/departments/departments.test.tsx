import type { Department } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { DepartmentFormPage } from './department-form.tsx';
import { DepartmentDelete, DepartmentsList } from './departments-list.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const department = (overrides: Partial<Department> = {}): Department => ({
  id: 3,
  name: 'Billing',
  description: 'Payments and refunds',
  opening_hours: 'Mon–Fri 09:00–17:00 UTC',
  enabled: true,
  tickets: 12,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});
const list = { path: '/mc-admin/departments', element: <p>departments list</p> };

describe('admin departments', () => {
  it('list name, description, hours, tickets and state with the actions the member may use', async () => {
    await signIn(
      {
        'GET /api/admin/departments': page([
          department(),
          department({ id: 4, name: 'Abuse', description: '', opening_hours: '', enabled: false, tickets: 0 }),
        ]),
      },
      admin,
    );
    await renderPage(<DepartmentsList />, { path: '/mc-admin/departments', url: '/mc-admin/departments' });
    const billing = within((await screen.findByText('Billing')).closest('tr') as HTMLElement);
    expect(billing.getByText('Payments and refunds')).toBeInTheDocument();
    expect(billing.getByText('Mon–Fri 09:00–17:00 UTC')).toBeInTheDocument();
    expect(billing.getByTestId('department-tickets')).toHaveTextContent('12');
    expect(billing.getByText('Enabled')).toBeInTheDocument();
    expect(billing.getByTestId('delete-department')).toHaveAttribute('href', '/mc-admin/departments/3/delete');
    const abuse = within(screen.getByText('Abuse').closest('tr') as HTMLElement);
    expect(abuse.getByText('Not stated')).toBeInTheDocument();
    expect(abuse.getByText('Disabled')).toBeInTheDocument();
  });

  it('create a department from the form', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'POST /api/admin/departments': (body: unknown) => ({
          success: true,
          data: { ...department(), ...(body as object) },
        }),
      },
      admin,
    );
    await renderPage(<DepartmentFormPage />, {
      path: '/mc-admin/departments/create',
      url: '/mc-admin/departments/create',
      extra: [list],
    });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Technical');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Servers that will not start');
    await user.type(screen.getByRole('textbox', { name: 'Opening hours' }), 'Every day 10–22');
    await user.click(screen.getByTestId('department-submit'));
    await screen.findByText('departments list');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Technical',
      description: 'Servers that will not start',
      opening_hours: 'Every day 10–22',
      enabled: true,
    });
  });

  it('explain why a department with tickets is not deleted', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        'GET /api/admin/departments/3': { success: true, data: department() },
        'DELETE /api/admin/departments/3': apiError(409, 'DEPARTMENT_IN_USE'),
      },
      admin,
    );
    await renderPage(<DepartmentDelete />, {
      path: '/mc-admin/departments/:id/delete',
      url: '/mc-admin/departments/3/delete',
      extra: [list],
    });
    expect(await screen.findByRole('heading', { name: 'Delete Billing?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(
      await screen.findByText('This department has tickets: disable it instead of deleting it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('departments list')).toBeNull();
  });
});
