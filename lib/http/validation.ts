// One zod schema per payload; a failed parse becomes a 422 with one message per field.
import type { z } from 'zod';
import { ApiError } from './errors';
import { readBodyText, readBodyCapped } from './body';
import { JSON_BODY_MAX_BYTES, JSON_INPUT_MAX_DEPTH } from '../constants/security/limits';

// NUL and the other control characters (tab and line breaks aside) never belong in input; PostgreSQL refuses NUL in text
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'This field contains characters we cannot accept';

/** Why an input is refused before any schema sees it: nested too deeply, or a control character (at a field's path). */
export type InputProblem = { kind: 'too_deep' } | { kind: 'control_character'; path: string };

export const INPUT_TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${JSON_INPUT_MAX_DEPTH} levels)`;

// one open array or object of the walk: its entries, and the next one to look at
type OpenContainer = { entries: [string, unknown][]; keyed: boolean; next: number };
const openContainer = (value: object): OpenContainer =>
  Array.isArray(value) ? { entries: value.map((v, i): [string, unknown] => [String(i), v]), keyed: false, next: 0 } : { entries: Object.entries(value), keyed: true, next: 0 };

/**
 * one walk over the input, in document order, without recursion: a body nested thousands deep (a few kB
 * of brackets) overflowed the stack of the recursive walk (a 500) and copied its path at every level. The path of
 * the first string or key with a control character is the field's ('_' for the key itself or a bare string).
 */
export function inputProblem(input: unknown): InputProblem | null {
  if (typeof input === 'string') return CONTROL_CHARACTERS.test(input) ? { kind: 'control_character', path: '_' } : null;
  if (!input || typeof input !== 'object') return null;
  const open: OpenContainer[] = [openContainer(input)];
  // the keys leading to the entry being looked at, one per open container
  const keys = () => open.map((c) => c.entries[c.next - 1][0]);
  while (open.length) {
    const container = open[open.length - 1];
    if (container.next === container.entries.length) {
      open.pop();
      continue;
    }
    const [key, value] = container.entries[container.next++];
    if (container.keyed && CONTROL_CHARACTERS.test(key)) return { kind: 'control_character', path: [...keys().slice(0, -1), '_'].join('.') };
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) return { kind: 'control_character', path: keys().join('.') };
    } else if (value && typeof value === 'object') {
      if (open.length >= JSON_INPUT_MAX_DEPTH) return { kind: 'too_deep' };
      open.push(openContainer(value));
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

/** Every payload, query and route parameter passes here: control characters and deep nesting are refused before any schema or query sees them. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const problem = inputProblem(input);
  if (problem?.kind === 'too_deep') throw new ApiError('bad_request', INPUT_TOO_DEEP_MESSAGE);
  if (problem) throw new ApiError('validation_failed', CONTROL_CHARACTER_MESSAGE, { [problem.path]: CONTROL_CHARACTER_MESSAGE });
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
