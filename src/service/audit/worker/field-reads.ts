import type { FieldSource } from '../scan/field-source';

interface Read {
  id: number;
  resolve(field: unknown): void;
  reject(error: unknown): void;
}

/**
 * The worker's field reads, one queue for every message it sends: no more in flight
 * than the source allows, in the order asked, and a read is sent as soon as a slot
 * is free. Read a message at a time, each slot that finished its part of a message
 * waited for the slowest read of it (at 16 at a time, a fifth of the reading time
 * of a proxy's first scan). The first read that fails fails every one still queued:
 * the scan fails with it, and the instance is asked nothing more for it.
 */
export function fieldReads(source: FieldSource, signal: AbortSignal) {
  const queue: Read[] = [];
  let inFlight = 0;
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    failure = { error };
    for (const read of queue.splice(0)) read.reject(error);
  };
  const pump = () => {
    while (inFlight < source.concurrency && queue.length > 0) {
      const read = queue.shift()!;
      inFlight += 1;
      source
        .readField(read.id, signal)
        .then(read.resolve, (error: unknown) => {
          read.reject(error);
          fail(error);
        })
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  };
  /** These fields, in the order asked. */
  return (ids: readonly number[]): Promise<unknown[]> =>
    Promise.all(
      ids.map(
        (id) =>
          new Promise<unknown>((resolve, reject) => {
            if (failure) return reject(failure.error);
            queue.push({ id, resolve, reject });
            pump();
          }),
      ),
    );
}
