import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, MediaS3Config } from '../config.ts';
import { type CloudSettings, createS3Client, loadSdk, normalisePrefix } from '../modules/cloud/cloud.client.ts';
import { isStorableKey, LocalMediaStorage, type MediaStorage, type StoredMedia, typeOfExtension } from './storage.ts';

/** Whole-call limit of one object read or write (an image is a few megabytes at most). */
const CALL_MS = 60_000;

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.'));

/**
 * Uploaded files in an S3-compatible bucket (MEDIA_STORAGE=s3), so that several instances share
 * them. Same keys and rules as the local store: a key of another shape is refused, the content
 * type follows the extension. The SDK is loaded on first use (modules/cloud/cloud.client.ts).
 */
export class S3MediaStorage implements MediaStorage {
  private client?: Promise<S3Client>;
  private readonly settings: CloudSettings;

  constructor(config: MediaS3Config) {
    this.settings = {
      endpoint: config.endpoint ?? '',
      region: config.region,
      bucket: config.bucket,
      accessKeyId: config.accessKey,
      secretAccessKey: config.secretKey,
      pathStyle: config.forcePathStyle,
      prefix: normalisePrefix(config.prefix),
    };
  }

  private connect(): Promise<S3Client> {
    this.client ??= createS3Client(this.settings);
    return this.client;
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!isStorableKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
    if (typeOfExtension[extensionOf(key)] !== contentType)
      throw new Error(`The key ${key} does not fit the content type ${contentType}`);
    const [client, { s3 }] = await Promise.all([this.connect(), loadSdk()]);
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
      { abortSignal: AbortSignal.timeout(CALL_MS) },
    );
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!isStorableKey(key)) return null;
    const [client, { s3 }] = await Promise.all([this.connect(), loadSdk()]);
    try {
      const object = await client.send(
        new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
        { abortSignal: AbortSignal.timeout(CALL_MS) },
      );
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: typeOfExtension[extensionOf(key)]! };
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorableKey(key)) return;
    const [client, { s3 }] = await Promise.all([this.connect(), loadSdk()]);
    // S3 answers a delete of a missing object with success: nothing to tell apart.
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }), {
      abortSignal: AbortSignal.timeout(CALL_MS),
    });
  }
}

/** The store MEDIA_STORAGE names: the data directory's media folder (default) or an S3 bucket. */
export function mediaStorageFor(config: Config): MediaStorage {
  return config.mediaS3 ? new S3MediaStorage(config.mediaS3) : new LocalMediaStorage(config.dataDir);
}
