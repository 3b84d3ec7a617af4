/**
 * A clock for `hub-kit/server` (its `clock` option) that moves with a running stand-in's: a
 * wait advances the stand-in's clock (`POST /__stand-in/clock`) and this one by as much, and
 * returns at once, so a minute of pacing against the stand-in takes one request instead of a
 * minute. For tests and the command's `HUB_KIT_STAND_IN_CLOCK=1` only. `slept` keeps each wait.
 */
export interface StandInClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Every wait asked for, in milliseconds, in order. */
  readonly slept: number[];
  /** How far this clock (and the stand-in's) has been moved so far, in milliseconds. */
  offsetMs(): number;
}

/** `baseUrl`: the stand-in's address (or a sandbox's), without a trailing slash. */
export function standInClock(baseUrl: string): StandInClock {
  let offset = 0;
  const slept: number[] = [];
  return {
    slept,
    offsetMs: () => offset,
    now: () => Date.now() + offset,
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      slept.push(ms);
      const response = await fetch(`${baseUrl}/__stand-in/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advance: ms / 1000 }),
        signal: signal ?? null,
      });
      if (!response.ok) throw new Error(`${baseUrl} moved no clock (POST /__stand-in/clock answered ${response.status}): is it a stand-in?`);
      offset += ms;
    },
  };
}
