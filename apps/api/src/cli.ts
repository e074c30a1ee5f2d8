import { generateKeyPairSync, sign } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ADMINISTRATOR_ROLE_LEVEL, RegisterBodySchema } from '@hostdeck/contracts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError, openDatabase } from './db/client.ts';
import { DataDirBusyError } from './db/lock.ts';
import { seedRoles } from './db/seed.ts';
import { AppError } from './lib/app-error.ts';
import { localBus } from './lib/bus.ts';
import { createAccount } from './modules/auth/accounts.service.ts';
import { RestoreTargetNotEmptyError, restoreBackup } from './modules/backups/backups.restore.ts';
import { SettingsService } from './modules/settings/settings.service.ts';

const usage = `Hostdeck command line
  admin:create --username U --email E --password P [--first-name F] [--last-name L]
      Creates an Administrator (works while no server holds the embedded database).
  backup:restore <file>
      Restores a backup file into an EMPTY database (DATABASE_URL, or the embedded one in DATA_DIR).
  license:keygen
      Prints a new Ed25519 key pair for signing licenses.
  license:issue --private-key KEY --licensee NAME --features a,b [--expires 2027-12-31T00:00:00Z]
      Prints a license key; put it in the license_key setting and the public key in license_public_key.`;

async function adminCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
    },
  });
  if (!values.username || !values.email || !values.password)
    throw new UsageError('admin:create needs --username, --email and --password');
  const input = RegisterBodySchema.omit({ ref: true }).safeParse({
    username: values.username,
    email: values.email,
    password: values.password,
    first_name: values['first-name'],
    last_name: values['last-name'],
  });
  if (!input.success)
    throw new UsageError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    await seedRoles(database.db);
    const bus = localBus();
    const settings = new SettingsService(database.db, bus);
    await settings.reload();
    const user = await createAccount(database.db, settings, {
      ...input.data,
      roleLevel: ADMINISTRATOR_ROLE_LEVEL,
      verified: true,
    });
    console.log(`Administrator ${user.username} created (${user.id}).`);
  } finally {
    await database.close();
  }
}

async function backupRestore(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('backup:restore needs exactly one backup file');
  // npm runs workspace scripts in the workspace folder; a relative path means the caller's folder.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const database = await openDatabase(loadConfig());
  try {
    const r = await restoreBackup(database, file);
    console.log(
      `Restored ${r.rows} rows in ${r.tables} tables from ${file} (made ${r.manifest.created_at} by Hostdeck ${r.manifest.app_version}, ${r.migrations} migrations). Later migrations run at the next start.`,
    );
  } finally {
    await database.close();
  }
}

function licenseKeygen(): void {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  console.log(
    `private key (keep it secret): ${privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
  );
  console.log(`public key (license_public_key setting): ${raw.toString('base64')}`);
}

function licenseIssue(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      'private-key': { type: 'string' },
      licensee: { type: 'string' },
      features: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  if (!values['private-key'] || !values.licensee || !values.features)
    throw new UsageError('license:issue needs --private-key, --licensee and --features');
  console.log(
    issueLicense(values['private-key'], {
      licensee: values.licensee,
      features: values.features.split(','),
      expires_at: values.expires,
    }),
  );
}

/** Signs a license payload with a base64 PKCS#8 Ed25519 private key. */
export function issueLicense(
  privateKeyB64: string,
  payload: { licensee: string; features: string[]; expires_at?: string },
): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const key = { key: Buffer.from(privateKeyB64, 'base64'), format: 'der' as const, type: 'pkcs8' as const };
  return `${body}.${sign(null, Buffer.from(body), key).toString('base64url')}`;
}

class UsageError extends Error {}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'admin:create') await adminCreate(args);
    else if (command === 'backup:restore') await backupRestore(args);
    else if (command === 'license:keygen') licenseKeygen();
    else if (command === 'license:issue') licenseIssue(args);
    else throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  } catch (err) {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${usage}`);
    else if (err instanceof AppError)
      console.error(`${err.message}${err.fields ? ` ${JSON.stringify(err.fields)}` : ''}`);
    else if (
      err instanceof ConfigError ||
      err instanceof DatabaseUnavailableError ||
      err instanceof DataDirBusyError ||
      err instanceof RestoreTargetNotEmptyError
    )
      console.error(err.message);
    else throw err;
    process.exitCode = 1;
  }
}

if (process.argv[1] && /cli\.(ts|js|mjs)$/.test(process.argv[1])) void main();
