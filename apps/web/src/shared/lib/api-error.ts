/** A rejected API call: the envelope's code/message/data, or a transport failure mapped to the same shape. */
export class ApiError<D = unknown> extends Error {
  readonly code: number;
  readonly data: D | null;

  constructor(code: number, message: string, data: D | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }

  /** Per-field Chinese messages of a 400 answer (`data.fieldErrors`), for forms. Empty when none. */
  get fieldErrors(): Record<string, string> {
    const data = this.data as { fieldErrors?: unknown } | null;
    const fe = data && typeof data === 'object' ? data.fieldErrors : undefined;
    return fe && typeof fe === 'object' ? (fe as Record<string, string>) : {};
  }
}

/** Codes used for failures that never got an envelope. */
export const TRANSPORT_ERROR_CODE = {
  /** No response at all (offline, DNS, connection refused). */
  Network: 0,
  Timeout: -1,
  Canceled: -2,
} as const;

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
