import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

// Random bytes are drawn from the system's generator in 8 KiB batches: one call per token costs far
// more than the bytes (a CSRF cookie on every cookieless request made it a seventh of the CPU).
// The bytes are as random either way; each is handed out once.
const POOL_SIZE = 8192;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 256-bit random token, URL-safe. */
export function randomToken(bytes = 32): string {
  if (bytes > POOL_SIZE / 4) return randomBytes(bytes).toString('base64url');
  if (poolOffset + bytes > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + bytes);
  // Spent bytes are wiped, so a later read of the pool (a heap dump) cannot recover an issued token.
  pool.fill(0, poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
}

/** Hex SHA-256, one-shot: no Hash object per call (the session check hashes the cookie on every request). */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function randomDigits(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

/** AES-256-GCM with a key derived from the application key; output is iv.tag.ciphertext (base64url). */
export function encrypt(plain: string, appKey: string): string {
  const key = createHash('sha256').update(appKey).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(sealed: string, appKey: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Malformed sealed value');
  const key = createHash('sha256').update(appKey).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
