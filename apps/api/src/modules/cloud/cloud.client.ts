import type { S3Client } from '@aws-sdk/client-s3';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The `cloud` settings group, read at the moment of each call (an edit applies to the next one). */
export interface CloudSettings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  prefix: string;
}

export function readCloudSettings(settings: SettingsService): CloudSettings {
  return {
    endpoint: settings.string('cloud_endpoint').trim(),
    region: settings.string('cloud_region').trim() || 'us-east-1',
    bucket: settings.string('cloud_bucket').trim(),
    accessKeyId: settings.string('cloud_access_key_id').trim(),
    secretAccessKey: settings.string('cloud_secret_access_key'),
    pathStyle: settings.bool('cloud_path_style'),
    prefix: normalisePrefix(settings.string('cloud_prefix')),
  };
}

/** "backups" and "/backups/" both mean the folder "backups/"; empty means the bucket's root. */
export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed ? `${trimmed}/` : '';
}

export function isConfigured(s: CloudSettings): boolean {
  return Boolean(s.bucket && s.accessKeyId && s.secretAccessKey);
}

/** Connection and idle-socket limits: a silent endpoint fails in seconds, not minutes. */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 30_000;
/** Whole-call limits: listing and testing are quick; a transfer may take a while. */
export const QUICK_CALL_MS = 15_000;
export const TRANSFER_MS = 60 * 60_000;

export interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
}
let sdk: Promise<Sdk> | undefined;
/** The SDK is loaded on first use: it takes about 0.3 s, which every start and test file would pay otherwise. */
export function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
    s3,
    Upload: storage.Upload,
  }));
  return sdk;
}

export async function createS3Client(s: CloudSettings): Promise<S3Client> {
  if (!isConfigured(s))
    throw new AppError('CLOUD_NOT_CONFIGURED', 'Set the bucket and the access keys of cloud storage first.');
  const { s3 } = await loadSdk();
  const client = new s3.S3Client({
    region: s.region,
    endpoint: s.endpoint || undefined,
    forcePathStyle: s.pathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // One attempt: the admin sees the failure at once; retrying a refused credential helps nobody.
    maxAttempts: 1,
    // S3-compatible stores (MinIO, R2, s3rver…) do not all accept the SDK's newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_TIMEOUT_MS },
  });
  if (s.pathStyle) {
    // Bucket-level calls go to /<bucket> instead of the SDK's /<bucket>/: both are valid S3, and some
    // S3-compatible servers (s3rver among them) compute the signature of the former only.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path))
          request.path = request.path.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );
  }
  return client;
}

const AUTH_ERRORS = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'AuthorizationHeaderMalformed',
]);

/**
 * Turns whatever the SDK threw into one of the CLOUD_* errors. No credential or request detail is
 * put in the message; the admin gets what to check.
 */
export function cloudError(err: unknown, bucket: string, what: 'bucket' | 'object' = 'bucket'): AppError {
  if (err instanceof AppError) return err;
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? '';
  if (AUTH_ERRORS.has(name) || status === 401 || status === 403)
    return new AppError('CLOUD_AUTH_FAILED', 'Cloud storage refused the access keys: check the key id and secret.');
  if (name === 'NoSuchBucket' || (what === 'bucket' && status === 404))
    return new AppError('CLOUD_BUCKET_NOT_FOUND', `The bucket "${bucket}" does not exist at this endpoint.`);
  if (name === 'NoSuchKey' || name === 'NotFound' || status === 404)
    return new AppError('CLOUD_OBJECT_NOT_FOUND', 'That object is not in the bucket.');
  if (status === undefined) {
    // No answer from S3 at all: refused connection, DNS, TLS, timeout or our own abort.
    const detail = e.code ?? name ?? 'no answer';
    return new AppError('CLOUD_UNREACHABLE', `Cloud storage could not be reached (${detail}).`);
  }
  return new AppError('CLOUD_FAILED', `Cloud storage answered ${status} ${name || 'error'}.`);
}
