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
function isClosedPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

/**
 * Once the reader of stdout has gone, nothing more is worth computing: end at once with 0.
 * Any other stdout failure (a full disk behind a redirect) is left to the write that met it.
 */
export function endQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (error) => {
    if (isClosedPipe(error)) process.exit(0);
  });
}

/**
 * Writes every chunk to `to`, waiting when it is full, without ever closing or destroying it:
 * stdout must outlive a failed export so that the failure can still be told.
 */
export async function writeAll(chunks: AsyncIterable<string | Buffer>, to: NodeJS.WritableStream): Promise<void> {
  let failed: unknown;
  const onError = (error: unknown) => (failed ??= error);
  to.on('error', onError);
  try {
    for await (const chunk of chunks) {
      if (failed) throw failed;
      if (!to.write(chunk)) {
        await new Promise<void>((resolve, reject) => {
          const settle = () => {
            to.off('drain', settle);
            to.off('error', settle);
            failed ? reject(failed) : resolve();
          };
          to.on('drain', settle);
          to.on('error', settle);
        });
      }
    }
    if (failed) throw failed;
  } finally {
    to.off('error', onError);
  }
}
