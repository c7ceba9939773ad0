// Import first: what the process writes to stdout (pino's lines among it) is kept here as well as written, so a test
// can read the log lines its requests wrote. pino sees a patched stdout and writes through it (pino/lib/tools.js).
const written: string[] = [];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  return write(chunk, ...rest);
}) as typeof process.stdout.write;

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
