/**
 * A clock for HubApi tests that moves with the stand-in's: `sleep(ms)` advances the
 * stand-in's clock (POST /__stand-in/clock) and this one by the same amount and returns at
 * once, so a minute of pacing takes a request instead of a minute. `slept` keeps each wait.
 */
import type { Clock } from '../../src/server/index.js';

export function standInClock(baseUrl: string): Clock & { slept: number[]; offsetMs(): number } {
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
      });
      if (!response.ok) throw new Error(`the stand-in's clock did not move: ${response.status}`);
      offset += ms;
    },
  };
}
