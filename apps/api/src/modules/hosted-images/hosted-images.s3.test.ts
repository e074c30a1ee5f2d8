import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server, type TestS3 } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { mediaStorageFor, S3MediaStorage } from '../../lib/s3-storage.ts';
import { hostedKeys } from '../../lib/storage.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server('hostdeck-media');
});
afterAll(() => s3.close());

const env = () => ({
  MEDIA_STORAGE: 's3',
  MEDIA_S3_ENDPOINT: s3.endpoint,
  MEDIA_S3_BUCKET: s3.bucket,
  MEDIA_S3_ACCESS_KEY: S3_ACCESS_KEY,
  MEDIA_S3_SECRET_KEY: S3_SECRET_KEY,
  MEDIA_S3_FORCE_PATH_STYLE: 'true',
  MEDIA_S3_PREFIX: 'media/',
});

describe('S3 media storage', () => {
  it('is chosen by MEDIA_STORAGE=s3, which needs its bucket and keys', () => {
    expect(mediaStorageFor(loadConfig(env()))).toBeInstanceOf(S3MediaStorage);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(/MEDIA_S3_BUCKET: required when MEDIA_STORAGE=s3/);
  });

  it('round-trips a file: put, get with its type, delete, then nothing', async () => {
    const storage = mediaStorageFor(loadConfig(env()));
    const { file, thumb } = hostedKeys('png');
    const bytes = Buffer.from('not really a png, the store does not look');
    await storage.put(file, bytes, 'image/png');
    expect(await storage.get(file)).toEqual({ bytes, contentType: 'image/png' });
    expect(await storage.get(thumb)).toBeNull();
    await storage.delete(file);
    await storage.delete(file); // a missing file is no error
    expect(await storage.get(file)).toBeNull();
  });

  it('refuses keys of other shapes and a type that does not fit the key', async () => {
    const storage = mediaStorageFor(loadConfig(env()));
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid media key/);
    await expect(storage.put(hostedKeys('png').file, Buffer.from('x'), 'text/html')).rejects.toThrow(/does not fit/);
    expect(await storage.get('hosted/../secret.png')).toBeNull();
  });
});
