// One zod schema per payload; a failed parse becomes a 422 with one message per field.
import type { z } from 'zod';
import { ApiError } from './errors';

export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError): ApiError {
  const fields = fieldMessages(error);
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return new ApiError('validation_failed', first, fields);
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Query string to a plain object (repeated keys keep the last value) and validated. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string | URL): z.infer<S> {
  const params = new URL(url).searchParams;
  return parseWith(schema, Object.fromEntries(params.entries()));
}

export async function parseJsonBody<S extends z.ZodType>(schema: S, request: Request): Promise<z.infer<S>> {
  let body: unknown;
  const text = await request.text();
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError('bad_request', 'The request body is not valid JSON');
  }
  return parseWith(schema, body);
}
