export * from './audit.ts';
export * from './catalog.ts';
export * from './ledger.ts';
export * from './mail.ts';
export * from './roles.ts';
export * from './sessions.ts';
export * from './settings.ts';
export * from './users.ts';
