// Rasters drawn once and kept on disk under DATA_DIR: the first visitor pays ~50 ms of drawing, everyone after reads a file.
import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '../env';

/** The bytes kept for this key, or the ones `make` draws (then stored); null when `make` has nothing to draw. */
export async function renderOnce(dirName: string, key: string, extension: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
  // run-time data, never part of the build: unmarked, Turbopack traced the whole project (tens of thousands of files, data/ included) into the media routes' output
  const dir = path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, dirName);
  const file = path.join(/*turbopackIgnore: true*/ dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.${extension}`);
  const made = await readFile(file).catch(() => null);
  if (made) return made;
  const bytes = await make();
  if (!bytes) return null;
  await mkdir(dir, { recursive: true });
  // written aside and renamed: a reader never sees half a file
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return bytes;
}
