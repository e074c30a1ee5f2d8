import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_VERSION } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { backups } from '../src/db/schema/index.ts';
import { backupFilePath, newBackupFileName } from '../src/modules/backups/backups.files.ts';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;
// s3rver ships no types; it is a CommonJS module.
const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as S3rverCtor;
const account = require('@20minutes/s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
};

/** A key pair of s3rver's account (it checks AWS signature v4 against the secret); distinctive, to search responses for. */
export const S3_ACCESS_KEY = 'HOSTDECKTESTKEY';
export const S3_SECRET_KEY = `test-secret-${randomBytes(9).toString('hex')}`;
account.DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY, S3_SECRET_KEY);

export interface TestS3 {
  endpoint: string;
  port: number;
  bucket: string;
  /** The cloud settings that point at this server. */
  settings(overrides?: Record<string, string | boolean>): Record<string, string | boolean>;
  close(): Promise<void>;
}

/** A local S3-compatible server on a random port with one empty bucket, its files in a temp folder. */
export async function startS3Server(bucket = 'hostdeck-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'hostdeck-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.S3RVER_LOG !== '1',
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    settings: (overrides = {}) => ({
      cloud_endpoint: endpoint,
      cloud_region: 'us-east-1',
      cloud_bucket: bucket,
      cloud_access_key_id: S3_ACCESS_KEY,
      cloud_secret_access_key: S3_SECRET_KEY,
      cloud_path_style: true,
      cloud_prefix: 'hostdeck/',
      ...overrides,
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The bytes of a valid backup file (the backups format: gzip of JSON lines, manifest last).
 * `noise` random bytes per row make a file that does not compress (for files of a given size).
 */
export function backupFileBytes(rows = 3, noise = 0): Buffer {
  const lines = [
    JSON.stringify({ format: 'hostdeck-backup', format_version: 1 }),
    JSON.stringify({ table: 'notes', columns: ['id', 'text'] }),
    ...Array.from({ length: rows }, (_, i) =>
      JSON.stringify([String(i + 1), `note ${i + 1} ${randomBytes(noise).toString('base64')}`]),
    ),
    JSON.stringify({ sequences: [['public.notes_id_seq', String(rows), true]] }),
  ];
  const body = lines.map((l) => `${l}\n`).join('');
  const manifest = {
    format: 'hostdeck-backup',
    format_version: 1,
    app_version: APP_VERSION,
    migration: null,
    created_at: new Date().toISOString(),
    tables: { notes: rows },
    sequences: 1,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  return gzipSync(`${body}${JSON.stringify({ manifest })}\n`);
}

/** A completed local backup: the file in <dataDir>/backups and its row. */
export async function localBackup(app: FastifyInstance, bytes = backupFileBytes()) {
  const fileName = newBackupFileName();
  const path = backupFilePath(app.ctx.config.dataDir, fileName);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  const [row] = await app.ctx.db
    .insert(backups)
    .values({ fileName, status: 'completed', progress: 100, size: bytes.length, completedAt: new Date() })
    .returning();
  return { row: row!, path, bytes };
}
