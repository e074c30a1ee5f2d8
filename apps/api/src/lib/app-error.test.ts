import { errorStatus } from '@hostdeck/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';

const frames = (err: Error) => (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).length;

describe('AppError', () => {
  it('captures no stack for a refusal (4xx), keeps one for an error of ours (5xx), and leaves other errors alone', () => {
    expect(errorStatus.RATE_LIMITED).toBe(429);
    const refusal = new AppError('RATE_LIMITED', 'slow down');
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: 'slow down' });
    expect(refusal.stack).toBe('Error: slow down');
    expect(frames(new AppError('NOT_FOUND', 'gone'))).toBe(0);

    const ours = new AppError('SERVER_ERROR', 'broken');
    expect(ours.status).toBe(500);
    expect(frames(ours)).toBeGreaterThan(0);
    expect(frames(new Error('plain'))).toBeGreaterThan(0); // the limit is put back
  });
});
