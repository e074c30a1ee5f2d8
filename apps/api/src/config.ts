import { z } from 'zod';

/** TRUST_PROXY: false (default), true, a hop count, or a comma-separated list of addresses/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((v): boolean | number | string[] => {
    if (v === undefined || v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((s) => s.trim());
  });

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: 'must start with postgres:// or postgresql://' });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  // Off behind a transaction-mode pooler (PgBouncer pool_mode=transaction), which does not carry LISTEN.
  MEMBER_CACHE: z.enum(['on', 'off']).default('on'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), { message: 'must start with redis:// or rediss://' })
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://panel.example.com' }).optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  /** Secret used to encrypt two-factor secrets; generated into DATA_DIR when unset. */
  APP_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST_DIR: z.string().optional(),
  /** Test and self-hosted overrides of where the sign-in providers are (their real addresses otherwise). */
  DISCORD_BASE_URL: z.url().optional(),
  GITHUB_OAUTH_URL: z.url().optional(),
  GITHUB_API_URL: z.url().optional(),
  /** Where Cloudflare Turnstile's siteverify is (tests point it at a double); Cloudflare's otherwise. */
  TURNSTILE_BASE_URL: z.url().optional(),
  /** Bearer token for GET /metrics (Prometheus); the route answers 404 while it is unset. */
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** On SIGTERM: the most the whole shutdown may take before the process exits anyway (code 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** On SIGTERM: how long /readyz answers 503 while requests are still taken, before the port closes. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** Where uploaded files live: `local` (DATA_DIR/media, one instance) or `s3` (a bucket several instances share). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_SECRET_KEY: z.string().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
  MEDIA_S3_PREFIX: z.string().max(200).default(''),
});

export type Env = z.input<typeof EnvSchema>;

/** The bucket of uploaded files when MEDIA_STORAGE=s3 (lib/s3-storage.ts). */
export interface MediaS3Config {
  /** Empty: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** Address the bucket in the path (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Folder (key prefix) in the bucket. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Keep members' own reads in memory between changes (db/member-cache.ts, decision 0033). */
  memberCache: boolean;
  publicUrl?: string;
  trustProxy: boolean | number | string[];
  logLevel: string;
  debug: boolean;
  /** Check every response against its zod schema before sending it (development and tests; off in production). */
  checkResponses: boolean;
  appKey?: string;
  authRateLimitPerMinute: number;
  bodyLimit: number;
  webDistDir?: string;
  /** Discord's address (OAuth2 pages and API); https://discord.com when unset. */
  discordBaseUrl?: string;
  /** GitHub's OAuth pages and REST API; https://github.com and https://api.github.com when unset. */
  githubOAuthUrl?: string;
  githubApiUrl?: string;
  /** Cloudflare Turnstile's address (siteverify); https://challenges.cloudflare.com when unset. */
  turnstileBaseUrl?: string;
  /** Bearer token for GET /metrics; /metrics is off (404) without it. */
  metricsToken?: string;
  /** Ceiling on a graceful shutdown, from the signal to the exit (lib/graceful-shutdown.ts). */
  shutdownTimeoutMs: number;
  /** Time out of the balancer's rotation (readiness 503) before the port closes; within the ceiling. */
  shutdownDelayMs: number;
  /** Set when MEDIA_STORAGE=s3: uploads go to this bucket instead of DATA_DIR/media. */
  mediaS3?: MediaS3Config;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SHUTDOWN_DELAY_MS >= e.SHUTDOWN_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid configuration:\n  SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (the delay is part of the shutdown)',
    );
  if (e.MEDIA_STORAGE === 's3') {
    const missing = (['MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY', 'MEDIA_S3_SECRET_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when MEDIA_STORAGE=s3`).join('\n')}`,
      );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    memberCache: e.MEMBER_CACHE === 'on',
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    debug: e.NODE_ENV === 'development',
    checkResponses: e.NODE_ENV !== 'production',
    appKey: e.APP_KEY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    discordBaseUrl: e.DISCORD_BASE_URL?.replace(/\/+$/, ''),
    githubOAuthUrl: e.GITHUB_OAUTH_URL?.replace(/\/+$/, ''),
    githubApiUrl: e.GITHUB_API_URL?.replace(/\/+$/, ''),
    turnstileBaseUrl: e.TURNSTILE_BASE_URL?.replace(/\/+$/, ''),
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    mediaS3:
      e.MEDIA_STORAGE === 's3'
        ? {
            endpoint: e.MEDIA_S3_ENDPOINT?.replace(/\/+$/, ''),
            bucket: e.MEDIA_S3_BUCKET!,
            region: e.MEDIA_S3_REGION,
            accessKey: e.MEDIA_S3_ACCESS_KEY!,
            secretKey: e.MEDIA_S3_SECRET_KEY!,
            forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === 'true' || e.MEDIA_S3_FORCE_PATH_STYLE === '1',
            prefix: e.MEDIA_S3_PREFIX,
          }
        : undefined,
  };
}
