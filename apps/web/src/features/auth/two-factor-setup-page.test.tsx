import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, renderPage } from '../../test/render.tsx';
import { TwoFactorSetupPage } from './two-factor-setup-page.tsx';
import { SETUP_TIMEOUT_MS } from './use-two-factor-setup.ts';

const SETUP = '/api/user/auth/2fa/setup';
const setup = (secret: string) => ({ success: true, secret, otpauth_url: 'otpauth://totp/x', qr_code: 'data:,' });

/** fetch whose answers to the setup call are handed out by the test, one per call, in any order. */
function setupCalls() {
  const answers: ((res: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) !== SETUP || init.method !== 'POST') return apiError(404, 'NOT_FOUND');
      return new Promise<Response>((resolve) => answers.push(resolve));
    }),
  );
  return answers;
}

const open = () =>
  renderPage(<TwoFactorSetupPage />, { path: '/auth/2fa/setup', url: '/auth/2fa/setup', strict: true });
const key = () => document.querySelector('code')?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the two-factor setup page', () => {
  it('starts the setup once, even under StrictMode, and shows the key', async () => {
    const answers = setupCalls();
    await open();
    expect(answers).toHaveLength(1);
    await act(async () => answers[0]?.(json(setup('KEYONE'))));
    expect(await screen.findByText('KEYONE')).toBeInTheDocument();
    expect(answers).toHaveLength(1);
  });

  it('a failed start says why and offers a retry that shows the key', async () => {
    const answers = setupCalls();
    await open();
    await act(async () => answers[0]?.(apiError(429, 'RATE_LIMITED')));
    const failed = await screen.findByTestId('two-factor-setup-failed');
    expect(failed).toHaveTextContent('Two-factor setup could not start');
    expect(failed).toHaveTextContent('You have been rate limited. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(answers).toHaveLength(2);
    await act(async () => answers[1]?.(json(setup('KEYTWO'))));
    expect(await screen.findByText('KEYTWO')).toBeInTheDocument();
  });

  it('a start that never answers ends in the retry, and its late answer does not replace the newer key', async () => {
    vi.useFakeTimers();
    const answers = setupCalls();
    await open();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(SETUP_TIMEOUT_MS));
    expect(screen.getByTestId('two-factor-setup-failed')).toHaveTextContent('The server cannot be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => answers[1]?.(json(setup('NEWKEY'))));
    expect(key()).toBe('NEWKEY');
    // The first call's answer (a secret the server has since replaced) arrives last.
    await act(async () => answers[0]?.(json(setup('OLDKEY'))));
    expect(key()).toBe('NEWKEY');
  });
});
