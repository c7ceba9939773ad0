// The API error envelope of ARCHITECTURE.md: { error: { code, message, fields } } with a fitting status.
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  token_expired: 401,
  forbidden: 403,
  pin_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  gateway_error: 502,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  /** link: a path of ours where the caller can do what was refused here (a SIP is started on the SIP page) */
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string>; link?: string; retry_after_s?: number };
}

export class ApiError extends Error {
  readonly status: number;
  /** seconds the client should wait before asking again (sent as Retry-After) */
  retryAfterS?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    status?: number,
    readonly link?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status ?? ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found') => new ApiError('not_found', message);
export const forbidden = (message = 'You are not allowed to do that') => new ApiError('forbidden', message);
export const unauthenticated = (message = 'Please sign in to continue') => new ApiError('unauthenticated', message);
export const conflict = (message: string) => new ApiError('conflict', message);
export function rateLimited(message = 'Too many attempts, please try again later', retryAfterS?: number): ApiError {
  const error = new ApiError('rate_limited', message);
  error.retryAfterS = retryAfterS;
  return error;
}
