import { describe, expect, it } from 'vitest';
import { ServerRequestSchema } from './servers.ts';

const request = {
  name: 'x',
  memory: 512,
  cpu: 50,
  disk: 1024,
  ports: 1,
  databases: 0,
  backups: 0,
  location_id: 1,
  egg_id: 1,
};
const messageFor = (field: string, value: unknown) => {
  const parsed = ServerRequestSchema.safeParse({ ...request, [field]: value });
  return parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === field)?.message;
};

describe('server request amounts', () => {
  it('say the real bounds whatever the bad number', () => {
    for (const bad of [-1, 0, 127]) expect(messageFor('memory', bad)).toBe('At least 128 MB');
    for (const bad of [-5, 9]) expect(messageFor('cpu', bad)).toBe('At least 10 %');
    expect(messageFor('disk', -1)).toBe('At least 256 MB');
    expect(messageFor('ports', 0)).toBe('At least 1');
    expect(messageFor('databases', -1)).toBe('At least 0');
    for (const big of [10_000_001, 1e16]) expect(messageFor('memory', big)).toBe('At most 10000000 MB');
    expect(messageFor('memory', 512.5)).toMatch(/int/i);
    expect(messageFor('memory', 128)).toBeNull();
  });
});
