import { defaultErrorMessages, type ErrorCode } from '@app/contracts';

/**
 * The one error services throw. `code` becomes both the envelope code and the HTTP status;
 * `message` is shown to the user, so it is Simplified Chinese.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;

  constructor(code: ErrorCode, message?: string, data: unknown = null) {
    super(message ?? defaultErrorMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
  }

  static badRequest(message?: string, fieldErrors?: Record<string, string>) {
    return new AppError(400, message, fieldErrors ? { fieldErrors } : null);
  }
  static notFound(message?: string) {
    return new AppError(404, message);
  }
  static forbidden(message?: string) {
    return new AppError(403, message);
  }
  static conflict(message?: string) {
    return new AppError(409, message);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
