// Random tokens for links and API access; only their SHA-256 is stored, so a database leak opens no session.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A numeric one-time code with leading zeros kept, from a uniform source. */
export const randomDigits = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');
