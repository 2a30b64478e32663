import { setImmediate } from 'node:timers/promises';

/** How long work in turns holds the thread before it lets other work run. */
const TURN_MS = 10;

/**
 * Work written as a generator that pauses (a `yield`) now and then, each pause a
 * point where other work may run: `finished` runs it at once, `finishedInTurns` lets
 * requests be answered at each pause that comes after TURN_MS.
 */
export type Steps<T> = Generator<void, T>;

/** Runs a generator to its end at once. */
export function finished<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a generator to its end, letting other work run at each pause that comes after `turnMs`. */
export async function finishedInTurns<T>(steps: Steps<T>, turnMs = TURN_MS): Promise<T> {
  let turnStarted = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - turnStarted < turnMs) continue;
    await setImmediate();
    turnStarted = performance.now();
  }
}
