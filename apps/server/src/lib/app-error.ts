import { ERRORS, type ErrorCode } from '@mutua/contracts/errors';

/** The one error type routes throw: a code from contracts, its status and French message follow. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
    /** Extra fields merged into the error body (e.g. maintenance_public_reason). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.statusCode = ERRORS[code].status;
  }
}
