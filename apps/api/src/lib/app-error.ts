import { type ErrorCode, errorStatus } from '@hostdeck/contracts';

/** The one error type services throw; the error plugin turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
  }
}
