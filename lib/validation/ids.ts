// One id parser for pages and routes: a row id is a whole number from 1 to MAX_ROW_ID (an int4 serial).
import { z } from 'zod';
import { MAX_ROW_ID } from '../constants/ids';

/** True when `n` can name a row. */
export const isRowId = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= MAX_ROW_ID;

/** A row id from a path or query, with messages that name it ("Fundraiser id must be a number"). */
export function rowIdSchema(noun: string) {
  return z.coerce
    .number({ error: `${noun} id must be a number` })
    .int(`${noun} id must be a whole number`)
    .positive(`${noun} id must be positive`)
    .max(MAX_ROW_ID, `${noun} id is too large`);
}

/** A row id with one message for every way it can be wrong (where a bad id simply names nothing). */
export function rowIdWithMessage(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);
}

/** a visitor id cookie (lib/http/visitor.ts issues VISITOR_ID_BYTES random bytes, base64url); one not shaped like it is ignored */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
