// The API's answers: JSON, the error envelope every failure becomes (never a bare 500 page), private files.
// lib/api/route.ts wraps every handler with toErrorResponse.
import { ZodError } from 'zod';
import { ApiError, type ErrorBody } from './errors';
import { validationError } from './validation';
import { reportError } from '../observability/report';

export function json<T>(data: T, init: ResponseInit = {}): Response {
  return Response.json(data, init);
}

export function errorResponse(error: ApiError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}), ...(error.link ? { link: error.link } : {}), ...(error.retryAfterS ? { retry_after_s: error.retryAfterS } : {}) } };
  return Response.json(body, { status: error.status, ...(error.retryAfterS ? { headers: { 'Retry-After': String(error.retryAfterS) } } : {}) });
}

export function toErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) return errorResponse(error);
  if (error instanceof ZodError) return errorResponse(validationError(error));
  void reportError(error);
  return errorResponse(new ApiError('internal_error', 'Something went wrong on our side. Please try again.'));
}

/** A file only some people may see (a withdrawal's bill, a fundraiser's proof): never kept by a shared cache, never run as a page. */
export function privateFileResponse(file: { bytes: Uint8Array | Buffer; contentType: string }, { noindex = false } = {}): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      // who may see it is decided per request: no shared cache keeps it
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      ...(noindex ? { 'X-Robots-Tag': 'noindex' } : {}),
      'Content-Disposition': 'inline',
    },
  });
}
