/** A typed error for a call that took longer than it may. */
export class TimeoutError extends Error {}

/**
 * Waits for `work` at most `ms`, then rejects with TimeoutError. For calls that take no abort signal
 * (a library's own fetch, nodemailer's send): the work is not cancelled, only no longer waited for.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
