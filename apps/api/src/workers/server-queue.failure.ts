import { PanelAccountConflict } from '../integrations/hosting/provider.ts';
import { PanelError } from '../integrations/panel-api/errors.ts';

/** A build that cannot succeed as asked (the member, egg or location is gone; the egg is not on the panel). */
export class PermanentFailure extends Error {}

/**
 * The stable codes a failed build attempt is stored and shown with. A queue item's last error is
 * always `<CODE>: <sentence>` made here: the member sees it on their request and staff in the queue,
 * so it never carries an exception's own text (a database error names tables, values and member ids);
 * that goes to the application log only.
 */
export const queueFailureCodes = [
  'PANEL_REFUSED',
  'PANEL_UNREACHABLE',
  'PANEL_RATE_LIMITED',
  'PANEL_AUTH_FAILED',
  'PANEL_ACCOUNT_CONFLICT',
  'REQUEST_INVALID',
  'SERVER_ERROR',
] as const;
export type QueueFailureCode = (typeof queueFailureCodes)[number];

export interface QueueFailure {
  code: QueueFailureCode;
  /** `<CODE>: <sentence>`, safe to show to the member and to staff. */
  text: string;
  /** Worth another attempt later. */
  transient: boolean;
  /** The panel asked to wait this long before calling again. */
  retryAfterMs?: number;
}

const UNEXPECTED = 'An unexpected error occurred while building; staff can see the details in the log';
const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 297)}...` : s);
const failure = (code: QueueFailureCode, sentence: string, transient: boolean, retryAfterMs?: number) => ({
  code,
  text: `${code}: ${sentence}`,
  transient,
  retryAfterMs,
});

/** What a failed attempt is stored and shown as. */
export function describeFailure(err: unknown): QueueFailure {
  if (err instanceof PanelAccountConflict) return failure('PANEL_ACCOUNT_CONFLICT', err.message, false);
  if (err instanceof PermanentFailure) return failure('REQUEST_INVALID', err.message, false);
  if (!(err instanceof PanelError)) return failure('SERVER_ERROR', UNEXPECTED, true);
  switch (err.kind) {
    case 'auth':
      return failure(
        'PANEL_AUTH_FAILED',
        "The panel refused Hostdeck's API key; staff must check the panel settings",
        false,
      );
    case 'rate_limited':
      return failure('PANEL_RATE_LIMITED', 'The panel asked Hostdeck to slow down', true, err.retryAfterMs);
    case 'transient':
      // A 5xx body can carry the panel's internals (a failed save quotes the model's data): not repeated.
      return failure(
        'PANEL_UNREACHABLE',
        `The panel could not be reached or did not answer properly${err.status ? ` (HTTP ${err.status})` : ''}`,
        true,
        err.retryAfterMs,
      );
    default:
      // The panel's 4xx messages are its documented, member-readable refusals ("No nodes satisfying ...").
      return failure('PANEL_REFUSED', `The panel refused the build: ${clip(err.message)}`, false);
  }
}

const SAFE = new RegExp(`^(${queueFailureCodes.join('|')}): `);

/** A stored last error as it may be shown: one written before codes existed reads as an unexpected error. */
export function presentableQueueError(lastError: string | null): string | null {
  if (lastError === null || SAFE.test(lastError)) return lastError;
  return `SERVER_ERROR: ${UNEXPECTED}`;
}
