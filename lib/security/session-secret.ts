// The key that seals our cookies. Configured as SESSION_SECRET in production; on a demo or dev
// machine one is generated once and kept beside the embedded database so sessions survive restarts.
import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '../env';

let cached: string | undefined;

export function sessionSecret(): string {
  if (cached) return cached;
  const configured = env().SESSION_SECRET;
  if (configured) return (cached = configured);
  const file = path.join(env().DATA_DIR, 'session-secret');
  try {
    cached = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString('base64url');
    // 'wx' fails if another process wrote it first; then read theirs
    try {
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
      cached = fresh;
    } catch {
      cached = fs.readFileSync(file, 'utf8').trim();
    }
  }
  return cached;
}
