import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import { options } from '../../test/servers.ts';
import { CreateServerPage } from './create-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage(<CreateServerPage />, { path: '/server/create', url: '/server/create' });
const queued = { success: true, data: { id: 'q-1', status: 'pending' } };

/** Location 1 → Minecraft → Paper, then the details step. */
async function walkToDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('location-1'));
  await user.click(screen.getByTestId('step-next'));
  await user.click(screen.getByTestId('category-5'));
  await user.click(screen.getByTestId('step-next'));
  await user.click(screen.getByTestId('egg-10'));
  await user.click(screen.getByTestId('step-next'));
  await screen.findByTestId('resource-sliders');
}

describe('create a server', () => {
  it('says so when server creation is switched off', async () => {
    mockApi({ 'GET /api/servers/options': options({ enabled: false }) });
    await open();
    expect(await screen.findByTestId('server-creation-off')).toHaveTextContent('Server creation is switched off');
  });

  it('says so when the member has no free server slot', async () => {
    mockApi({ 'GET /api/servers/options': options({ free: { ...options().free, servers: 0 } }) });
    await open();
    expect(await screen.findByTestId('no-server-slot')).toHaveTextContent('No free server slot');
  });

  it('locks full locations and VIP ones for members without VIP, with the reason', async () => {
    mockApi({ 'GET /api/servers/options': options() });
    await open();
    const vip = await screen.findByRole('radio', { name: 'Premium (Paris)' });
    expect(vip).toBeDisabled();
    expect(screen.getByTestId('location-2')).toHaveTextContent('For VIP members only');
    expect(screen.getByRole('radio', { name: 'Asia (Tokyo)' })).toBeDisabled();
    expect(screen.getByTestId('location-3')).toHaveTextContent('2 / 2 slots used');
    expect(screen.getByTestId('location-3')).toHaveTextContent('Full: no free slot here');
    expect(screen.getByRole('radio', { name: 'Europe (Frankfurt)' })).toBeEnabled();
    expect(screen.getByTestId('step-next')).toBeDisabled();
  });

  it('offers VIP choices to VIP members and only the eggs of the chosen category', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/servers/options': options({ vip: true }) });
    await open();
    expect(await screen.findByRole('radio', { name: 'Premium (Paris)' })).toBeEnabled();
    await user.click(screen.getByTestId('location-2'));
    await user.click(screen.getByTestId('step-next'));
    expect(screen.getByRole('radio', { name: 'Empty' })).toBeDisabled();
    await user.click(screen.getByTestId('category-5'));
    await user.click(screen.getByTestId('step-next'));
    const eggs = within(screen.getByTestId('egg-choices')).getAllByRole('radio');
    expect(eggs.map((e) => e.getAttribute('value'))).toEqual(['10', '11']);
    expect(screen.getByRole('radio', { name: 'Forge Modpack' })).toBeEnabled();
  });

  it('disables the submit and explains when a resource is short', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/servers/options': options({ free: { ...options().free, memory: 100 } }) });
    await open();
    await walkToDetails(user);
    await user.type(screen.getByTestId('server-name'), 'Survival');
    expect(screen.getByTestId('lacking-resources')).toHaveTextContent('Memory (MB)');
    expect(screen.getByTestId('server-submit')).toBeDisabled();
  });

  it('sends the request and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET /api/servers/options': options(), 'POST /api/servers/requests': queued });
    await open();
    await walkToDetails(user);
    await user.click(screen.getByTestId('server-submit'));
    expect(await screen.findByText('Give your server a name.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Server name' }), 'Survival');
    await user.type(screen.getByTestId('input-memory'), '{Control>}a{/Control}1024{Enter}');
    await screen.findByText('dashboard page');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Survival',
      description: '',
      location_id: 1,
      egg_id: 10,
      memory: 1024,
      cpu: 10,
      disk: 256,
      ports: 1,
      databases: 0,
      backups: 0,
    });
  });

  it('shows the server’s refusal in place and translated', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/servers/options': options(),
      'POST /api/servers/requests': apiError(409, 'INSUFFICIENT_RESOURCES', { memory: 'Only 100 left' }),
    });
    await open();
    await walkToDetails(user);
    await user.type(screen.getByTestId('server-name'), 'Survival');
    await user.click(screen.getByTestId('server-submit'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'You do not have enough free resources for this server.',
      ),
    );
    expect(within(screen.getByTestId('resource-memory')).getByRole('alert')).toHaveTextContent(
      'More than you have free.',
    );
  });

  it('shows a location refused on submit in the member’s words, not the server’s English', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/servers/options': options(),
      'POST /api/servers/requests': apiError(409, 'LOCATION_UNAVAILABLE', {
        location_id: 'This location is not available',
      }),
    });
    await open();
    await walkToDetails(user);
    await user.type(screen.getByTestId('server-name'), 'Survival');
    await user.click(screen.getByTestId('server-submit'));
    const words = i18n.t('errors.LOCATION_UNAVAILABLE');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(words));
    expect(screen.queryByText('This location is not available')).toBeNull();
  });
});
