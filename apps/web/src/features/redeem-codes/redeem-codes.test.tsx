import type { RedeemCode } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { fromLocalInput, isExpired, randomCode, toLocalInput } from './api.ts';
import { RedeemCodeFormPage } from './redeem-code-form.tsx';
import { RedeemCodeDelete, RedeemCodesList } from './redeem-codes-list.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const code = (overrides: Partial<RedeemCode> = {}): RedeemCode => ({
  id: 7,
  code: 'WELCOME',
  coins: 500,
  max_uses: null,
  uses: 3,
  expires_at: null,
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});
const list = { path: '/mc-admin/redeem-codes', element: <p>codes list</p> };
const openForm = (url = '/mc-admin/redeem-codes/create') =>
  renderPage(<RedeemCodeFormPage />, {
    path: url.endsWith('create') ? '/mc-admin/redeem-codes/create' : '/mc-admin/redeem-codes/:id/edit',
    url,
    extra: [list],
  });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const number = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe('helpers', () => {
  it('generate 12 unambiguous capitals and digits', () => {
    const codes = new Set(Array.from({ length: 50 }, () => randomCode()));
    expect(codes.size).toBe(50);
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
  });
  it('convert between ISO times and datetime-local values', () => {
    const iso = fromLocalInput('2026-05-01T14:30');
    expect(iso).toMatch(/^2026-05-01T\d\d:30:00\.000Z$/);
    expect(toLocalInput(iso)).toBe('2026-05-01T14:30');
    expect(fromLocalInput('')).toBeNull();
    expect(isExpired({ expires_at: '2000-01-01T00:00:00Z' })).toBe(true);
    expect(isExpired({ expires_at: null })).toBe(false);
  });
});

describe('admin redeem-code form', () => {
  it('validates with the contract: length, characters and coins, before anything is sent', async () => {
    const user = userEvent.setup();
    const calls = await signIn({}, admin);
    await openForm();
    await user.click(screen.getByTestId('redeem-code-submit'));
    expect(await screen.findByText(/at least 4|>=4/i)).toBeInTheDocument();
    expect(field('Code')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Code'), 'bad code!');
    expect(await screen.findByText('Only letters, digits, - and _ are allowed')).toBeInTheDocument();
    await user.clear(number('Coins'));
    await user.type(number('Coins'), '0');
    await user.click(screen.getByTestId('redeem-code-submit'));
    expect(number('Coins')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a code: upper-cased, unlimited and without expiry when left empty', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'POST /api/admin/redeem-codes': (body: unknown) => ({ success: true, data: code(body as Partial<RedeemCode>) }),
      },
      admin,
    );
    await openForm();
    await user.type(field('Code'), 'welcome-2026');
    await user.clear(number('Coins'));
    await user.type(number('Coins'), '250');
    await user.click(screen.getByTestId('redeem-code-submit'));
    await screen.findByText('codes list');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'WELCOME-2026',
      coins: 250,
      max_uses: null,
      expires_at: null,
      enabled: true,
    });
  });

  it('fills a random code with Generate, and sends a use limit and an expiry when given', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/redeem-codes': { success: true, data: code() } }, admin);
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const generated = field('Code').value;
    expect(generated).toMatch(/^[A-Z0-9]{12}$/);
    await user.type(number('Maximum uses'), '10');
    await user.type(screen.getByLabelText('Expires'), '2030-12-31T23:59');
    await user.click(screen.getByTestId('redeem-code-submit'));
    await screen.findByText('codes list');
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body.code).toBe(generated);
    expect(body.max_uses).toBe(10);
    expect(body.expires_at).toBe(new Date('2030-12-31T23:59').toISOString());
  });

  it('puts a taken code on the code field', async () => {
    const user = userEvent.setup();
    await signIn({ 'POST /api/admin/redeem-codes': apiError(409, 'ALREADY_EXISTS') }, admin);
    await openForm();
    await user.type(field('Code'), 'WELCOME');
    await user.click(screen.getByTestId('redeem-code-submit'));
    expect(await screen.findByText('Another code already uses this text.')).toBeInTheDocument();
    expect(field('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('codes list')).toBeNull();
  });

  it('edits a code with the version it was loaded at, and shows a limit below the uses in words', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/redeem-codes/7': {
          success: true,
          data: code({ max_uses: 5, expires_at: '2030-06-01T10:00:00.000Z' }),
        },
        'PATCH /api/admin/redeem-codes/7': apiError(400, 'VALIDATION_ERROR', { max_uses: 'At least 3' }),
      },
      admin,
    );
    await openForm('/mc-admin/redeem-codes/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit WELCOME' })).toBeInTheDocument();
    expect(number('Maximum uses')).toHaveValue(5);
    expect(screen.getByLabelText('Expires')).toHaveValue(toLocalInput('2030-06-01T10:00:00.000Z'));
    await user.clear(number('Maximum uses'));
    await user.type(number('Maximum uses'), '2');
    await user.click(screen.getByTestId('redeem-code-submit'));
    expect(await screen.findByText('At least 3: it was already used 3 times.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      code: 'WELCOME',
      coins: 500,
      max_uses: 2,
      expires_at: '2030-06-01T10:00:00.000Z',
      enabled: true,
      updated_at: '2026-01-02T00:00:00.000Z',
    });
  });
});

describe('admin redeem-codes list', () => {
  it('shows code, coins, uses of the maximum, expiry (expired in rose) and state, with the actions', async () => {
    await signIn(
      {
        'GET /api/admin/redeem-codes': page([
          code(),
          code({
            id: 8,
            code: 'SPRING',
            max_uses: 100,
            uses: 100,
            expires_at: '2020-03-01T00:00:00.000Z',
            enabled: false,
          }),
        ]),
      },
      admin,
    );
    await renderPage(<RedeemCodesList />, { path: '/mc-admin/redeem-codes', url: '/mc-admin/redeem-codes' });
    const welcome = within((await screen.findByText('WELCOME')).closest('tr') as HTMLElement);
    expect(welcome.getByTestId('redeem-code-uses')).toHaveTextContent('3 / ∞');
    expect(welcome.getByText('Never')).toBeInTheDocument();
    expect(welcome.getByRole('button', { name: 'Copy the code WELCOME' })).toBeInTheDocument();
    expect(welcome.getByTestId('edit-redeem-code')).toHaveAttribute('href', '/mc-admin/redeem-codes/7/edit');
    const spring = within(screen.getByText('SPRING').closest('tr') as HTMLElement);
    expect(spring.getByTestId('redeem-code-uses')).toHaveTextContent('100 / 100');
    expect(spring.getByTestId('redeem-code-expired').className).toMatch(/rose/);
    expect(spring.getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/mc-admin/redeem-codes/create');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
  });

  it('filters by state through the URL', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/redeem-codes': page([code()]),
        'GET /api/admin/redeem-codes?enabled=false': page([]),
      },
      admin,
    );
    await renderPage(<RedeemCodesList />, { path: '/mc-admin/redeem-codes', url: '/mc-admin/redeem-codes' });
    await screen.findByText('WELCOME');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Disabled only');
    await screen.findByText(
      'Nothing matches this search or these filters. Try other words, or clear the search and the filters.',
    );
    expect(calls.some((c) => c.path === '/api/admin/redeem-codes?enabled=false')).toBe(true);
  });

  it('leaves out what the member may not do', async () => {
    await signIn({ 'GET /api/admin/redeem-codes': page([code()]) }, { permissions: ['admin.redeem.codes.list'] });
    await renderPage(<RedeemCodesList />, { path: '/mc-admin/redeem-codes', url: '/mc-admin/redeem-codes' });
    await screen.findByText('WELCOME');
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(screen.queryByTestId('edit-redeem-code')).toBeNull();
    expect(screen.queryByTestId('delete-redeem-code')).toBeNull();
  });

  it('deletes a code after naming it', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/redeem-codes/7': { success: true, data: code() },
        'DELETE /api/admin/redeem-codes/7': { success: true },
      },
      admin,
    );
    await renderPage(<RedeemCodeDelete />, {
      path: '/mc-admin/redeem-codes/:id/delete',
      url: '/mc-admin/redeem-codes/7/delete',
      extra: [list],
    });
    expect(await screen.findByRole('heading', { name: 'Delete WELCOME?' })).toBeInTheDocument();
    expect(screen.getByText(/Members keep the coins they already redeemed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('codes list');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/redeem-codes/7')).toBe(true);
  });
});
