import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signOut } from '../../test/economy.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { SetupPage } from './setup-page.tsx';

afterEach(() => signOut());

const TOKEN = 't'.repeat(43);
const open = () =>
  renderPage(<SetupPage />, {
    path: '/auth/setup',
    url: `/auth/setup?token=${TOKEN}`,
    extra: [
      { path: '/mc-admin', element: <p>admin home</p> },
      { path: '/server/create', element: <p>create page</p> },
    ],
  });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-long-Passw0rd!');
}

function api(answer: unknown) {
  return mockApi({
    'GET /api/user/auth/setup': { success: true, setup_required: true },
    'POST /api/user/auth/setup': answer,
    'GET /api/user/session': { success: false, error_code: 'UNAUTHORIZED' },
  });
}
const setupBody = (calls: ReturnType<typeof mockApi>) =>
  calls.find((c) => c.method === 'POST' && c.path === '/api/user/auth/setup')?.body as Record<string, unknown>;

describe('first-run setup', () => {
  it('offers the demo panel, off by default: without it the administrator lands in the admin area', async () => {
    const user = userEvent.setup();
    const calls = api({ success: true });
    await open();
    await fill(user);
    const demo = screen.getByRole('checkbox', { name: /Try it with the demo panel/ });
    expect(demo).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create the administrator' }));
    expect(await screen.findByText('admin home')).toBeInTheDocument();
    expect(setupBody(calls)).not.toHaveProperty('demo');
  });

  it('with the demo panel asks for it in the same request and goes on to create a server', async () => {
    const user = userEvent.setup();
    const calls = api({ success: true, demo_panel: 'ready' });
    await open();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: /Try it with the demo panel/ }));
    await user.click(screen.getByRole('button', { name: 'Create the administrator' }));
    expect(await screen.findByText('create page')).toBeInTheDocument();
    expect(setupBody(calls)).toMatchObject({ username: 'ada', token: TOKEN, demo: true });
  });

  it('says so when the administrator was created but the demo panel could not be prepared', async () => {
    const user = userEvent.setup();
    api({ success: true, demo_panel: 'failed' });
    await open();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: /Try it with the demo panel/ }));
    await user.click(screen.getByRole('button', { name: 'Create the administrator' }));
    expect(await screen.findByTestId('setup-demo-failed')).toHaveTextContent('demo panel could not be prepared');
    expect(screen.getByRole('link', { name: 'Create a server' })).toHaveAttribute('href', '/server/create');
  });
});
