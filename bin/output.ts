/**
 * How the command writes for people: numbers with separators, nouns that agree with their
 * count ("1 row", "2 rows"), durations, and a quiet end when the reader of stdout has gone
 * (`hub-kit posts list | head -1`): a closed pipe is the reader saying "enough", not a failure.
 */

export const count = (n: number) => n.toLocaleString('en-US');

/** "1 row", "2,000 rows"; `many` for nouns that do not just take an s. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "3 min 20 s", "45 s". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** The error a write gets when the other end of a pipe has closed. */
export function isClosedPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

/**
 * Once the reader of stdout has gone, nothing more is worth computing: end at once with 0.
 * Any other stdout failure (a full disk behind a redirect) is still an error.
 */
export function endQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (error) => {
    if (!isClosedPipe(error)) throw error;
    process.exit(0);
  });
}
