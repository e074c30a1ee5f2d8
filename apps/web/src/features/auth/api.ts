import type { LoginBody, RegisterBody, SetupBody } from '@hostdeck/contracts';
import { api } from '../../lib/api-client.ts';

type Ok = { success: true };
export const authApi = {
  login: (body: LoginBody) =>
    api<{ success: true; two_factor_required: boolean }>('/api/user/auth/login', { method: 'POST', body }),
  register: (body: RegisterBody) =>
    api<{ success: true; user: { uuid: string; username: string } }>('/api/user/auth/register', {
      method: 'POST',
      body,
    }),
  logout: () => api<Ok>('/api/user/auth/logout', { method: 'POST', body: {} }),
  forgot: (email: string, turnstile_token?: string) =>
    api<Ok>('/api/user/auth/forgot-password', { method: 'POST', body: { email, turnstile_token } }),
  reset: (token: string, password: string) =>
    api<Ok>('/api/user/auth/reset-password', { method: 'POST', body: { token, password } }),
  verify2fa: (code: string) => api<Ok>('/api/user/auth/2fa/verify', { method: 'POST', body: { code } }),
  begin2fa: (signal?: AbortSignal) =>
    api<{ success: true; secret: string; otpauth_url: string; qr_code: string }>('/api/user/auth/2fa/setup', {
      method: 'POST',
      body: {},
      signal,
    }),
  /** Turns two-factor on; the answer carries the ten recovery codes, shown this once. */
  confirm2fa: (code: string) =>
    api<{ success: true; recovery_codes: string[] }>('/api/user/auth/2fa/setup/confirm', {
      method: 'POST',
      body: { code },
    }),
  setupStatus: () => api<{ success: true; setup_required: boolean }>('/api/user/auth/setup'),
  setup: (body: SetupBody) =>
    api<{ success: true; demo_panel?: 'ready' | 'failed' }>('/api/user/auth/setup', { method: 'POST', body }),
};
