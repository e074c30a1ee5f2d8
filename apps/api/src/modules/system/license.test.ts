import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { issueLicense } from '../../cli.ts';
import { checkLicense } from './license.service.ts';

const keys = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    pub: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64'),
    priv: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
};

describe('checkLicense', () => {
  const { pub, priv } = keys();
  it('accepts a key signed by the configured key for a listed feature', () => {
    const key = issueLicense(priv, { licensee: 'Acme', features: ['theme-customization'] });
    expect(checkLicense(key, pub, 'theme-customization')).toBe(true);
    expect(checkLicense(key, pub, 'other-feature')).toBe(false);
    expect(checkLicense(issueLicense(priv, { licensee: 'Acme', features: ['*'] }), pub, 'anything')).toBe(true);
  });

  it('refuses expired, tampered and foreign keys', () => {
    const expired = issueLicense(priv, {
      licensee: 'Acme',
      features: ['theme-customization'],
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(checkLicense(expired, pub, 'theme-customization')).toBe(false);
    const key = issueLicense(priv, { licensee: 'Acme', features: ['x'] });
    const [, sig] = key.split('.');
    const forged = `${Buffer.from(JSON.stringify({ licensee: 'Acme', features: ['theme-customization'] })).toString('base64url')}.${sig}`;
    expect(checkLicense(forged, pub, 'theme-customization')).toBe(false);
    const other = keys();
    expect(
      checkLicense(
        issueLicense(other.priv, { licensee: 'X', features: ['theme-customization'] }),
        pub,
        'theme-customization',
      ),
    ).toBe(false);
    expect(checkLicense('garbage', pub, 'theme-customization')).toBe(false);
    expect(checkLicense(key, '', 'x')).toBe(false);
  });
});

describe('GET /api/system/license/:name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers {valid} from the settings, and follows a change at once', async () => {
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/system/license/theme-customization' })).json();
    expect(await get()).toEqual({ valid: false });
    const { pub, priv } = keys();
    await t.app.ctx.settings.update({
      license_public_key: pub,
      license_key: issueLicense(priv, { licensee: 'Acme', features: ['theme-customization'] }),
    });
    expect(await get()).toEqual({ valid: true });
    await t.app.ctx.settings.update({ license_key: null });
    expect(await get()).toEqual({ valid: false });
    const bad = await t.app.inject({ method: 'GET', url: '/api/system/license/NOT%20OK' });
    expect(bad.statusCode).toBe(404);
  });
});
