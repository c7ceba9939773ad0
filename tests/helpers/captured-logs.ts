// What the process writes to stdout (pino's lines among it) is kept here as well as written, so a test can read the
// log lines its requests wrote. pino writes through process.stdout only if it was already patched when the logger was
// made (else straight to fd 1, pino/lib/tools.js): integration files load this as a setupFile, before any lib/ import;
// a unit file imports it first.
const written: string[] = [];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  return write(chunk, ...rest);
}) as typeof process.stdout.write;
// process.stdout is the worker's own, shared by every file it runs: put it back so the next file does not write
// through this one's closure (and keep this file's context alive); integration files are put back by their environment
if (typeof afterAll === 'function') afterAll(() => void (process.stdout.write = write));

/** Everything written to stdout since this module loaded, or since `from` (a mark). */
export const capturedOutput = (from = 0): string => written.slice(from).join('');
export const logMark = (): number => written.length;

/** The JSON log lines written since `from`. */
export function capturedLogLines(from = 0): Record<string, unknown>[] {
  return capturedOutput(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
