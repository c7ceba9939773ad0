// One zod schema per payload; a failed parse becomes a 422 with one message per field.
import type { z } from 'zod';
import { ApiError } from './errors';
import { readBodyText, readBodyCapped } from './body';
import { JSON_BODY_MAX_BYTES } from '../constants';

// NUL and the other control characters (tab and line breaks aside) never belong in input; PostgreSQL refuses NUL in text
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'This field contains characters we cannot accept';

/** The path of the first string (or key) in the input with a control character, or null. */
export function controlCharacterPath(input: unknown, path: string[] = []): string | null {
  if (typeof input === 'string') return CONTROL_CHARACTERS.test(input) ? path.join('.') || '_' : null;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const found = controlCharacterPath(input[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (input && typeof input === 'object') {
    for (const [k, v] of Object.entries(input)) {
      if (CONTROL_CHARACTERS.test(k)) return [...path, '_'].join('.');
      const found = controlCharacterPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

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

/** Every payload, query and route parameter passes here: control characters are refused before any schema or query sees them. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const bad = controlCharacterPath(input);
  if (bad) throw new ApiError('validation_failed', CONTROL_CHARACTER_MESSAGE, { [bad]: CONTROL_CHARACTER_MESSAGE });
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
  const text = await readBodyText(request, JSON_BODY_MAX_BYTES);
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError('bad_request', 'The request body is not valid JSON');
  }
  return parseWith(schema, body);
}

/** A urlencoded or multipart form, read with the JSON body cap. */
export async function readForm(request: Request): Promise<FormData> {
  const body = await readBodyCapped(request, JSON_BODY_MAX_BYTES);
  return new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
}
