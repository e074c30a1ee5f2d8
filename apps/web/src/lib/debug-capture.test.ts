import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEBUG_BUFFER_SIZE,
  debugLog,
  debugStore,
  installDebugCapture,
  isSecretName,
  MASK,
  maskBody,
  maskHeaders,
  maskUrl,
  RingBuffer,
  recordConsole,
  recordRequest,
} from './debug-capture.ts';

afterEach(() => {
  for (const buffer of ['network', 'errors', 'console'] as const) debugStore.clear(buffer);
});

describe('debug capture: masking', () => {
  it('masks secret fields of JSON bodies at any depth, keeping the rest', () => {
    const body = JSON.stringify({
      login: 'ada',
      password: 'hunter2-secret',
      nested: { current_password: 'a1', new_password: 'b2', apiKey: 'k3', totp_code: '123456' },
      list: [{ token: 't4' }, { recovery_codes: ['r5', 'r6'] }],
      otp: '654321',
      error_code: 'INVALID_CREDENTIALS',
    });
    const shown = maskBody(body);
    for (const secret of ['hunter2-secret', 'a1', 'b2', 'k3', '123456', 't4', 'r5', 'r6', '654321'])
      expect(shown).not.toContain(`"${secret}"`);
    expect(shown).toContain('"login": "ada"');
    expect(shown).toContain(`"password": "${MASK}"`);
    expect(shown).toContain('"error_code": "INVALID_CREDENTIALS"');
  });

  it('masks form bodies, query strings, auth headers and names secret fields', () => {
    expect(maskBody('user=ada&password=x1')).toBe(`user=ada&password=${MASK}`);
    expect(maskUrl('/api/user/auth/verify?token=abc&next=%2F')).toBe(`/api/user/auth/verify?token=${MASK}&next=%2F`);
    expect(maskHeaders({ Authorization: 'Bearer x', 'x-csrf-token': 'c', Cookie: 'a=b', accept: 'json' })).toEqual({
      Authorization: MASK,
      'x-csrf-token': MASK,
      Cookie: MASK,
      accept: 'json',
    });
    expect(['secret', 'client_secret', 'recoveryCode', 'key'].every(isSecretName)).toBe(true);
    expect(['username', 'email', 'keyword', 'error_code'].some(isSecretName)).toBe(false);
  });

  it('stores requests masked', () => {
    recordRequest({
      method: 'POST',
      url: '/api/user/auth/login',
      status: 401,
      durationMs: 3,
      size: 10,
      requestHeaders: { 'x-csrf-token': 'csrf-value' },
      requestBody: '{"login":"ada","password":"pw-123"}',
      responseBody: '{"success":false}',
    });
    const [entry] = debugLog.network.list();
    expect(JSON.stringify(entry)).not.toContain('pw-123');
    expect(JSON.stringify(entry)).not.toContain('csrf-value');
  });
});

describe('debug capture: buffers and wrapping', () => {
  it('keeps only the newest entries', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 5; i++) ring.push(i);
    expect(ring.list()).toEqual([3, 4, 5]);
    for (let i = 0; i < DEBUG_BUFFER_SIZE + 20; i++) recordConsole('debug', [`line ${i}`]);
    expect(debugLog.console.list()).toHaveLength(DEBUG_BUFFER_SIZE);
    expect(debugLog.console.list().at(-1)?.text).toBe(`line ${DEBUG_BUFFER_SIZE + 19}`);
  });

  it('wraps console methods and still calls the originals; records errors and API fetches', async () => {
    const original = vi.fn();
    console.warn = original;
    const fetchMock = vi.fn(async () => new Response('{"ok":true,"token":"tk-9"}', { status: 200 }));
    window.fetch = fetchMock as unknown as typeof fetch;
    installDebugCapture();
    console.warn('careful', { code: 'c-1', n: 2 });
    expect(original).toHaveBeenCalledWith('careful', { code: 'c-1', n: 2 });
    expect(debugLog.console.list().at(-1)).toMatchObject({ level: 'warn', text: `careful {"code":"${MASK}","n":2}` });

    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    expect(debugLog.errors.list().at(-1)?.message).toBe('boom');
    expect(debugLog.errors.list().at(-1)?.stack).toContain('boom');

    const res = await window.fetch('/api/thing', { method: 'POST', body: '{"password":"pw"}' });
    expect(await res.json()).toEqual({ ok: true, token: 'tk-9' });
    await vi.waitFor(() => expect(debugLog.network.list()).toHaveLength(1));
    const [entry] = debugLog.network.list();
    expect(entry).toMatchObject({ method: 'POST', url: '/api/thing', status: 200 });
    expect(entry?.requestBody).not.toContain('"pw"');
    expect(entry?.responseBody).not.toContain('tk-9');
    await window.fetch('/assets/app.js');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(debugLog.network.list()).toHaveLength(1);
  });
});
