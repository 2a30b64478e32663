interface Asked {
  id: number;
  resolve(field: unknown): void;
  reject(error: Error): void;
}

/**
 * One field at a time, as the scan's readers ask (run-scan.ts), read together: the
 * ids asked for on one turn of the event loop go to `readMany` at once on the next.
 * One read of fifty fields costs far less than fifty reads of one, whether it is a
 * message to the server's thread or a query of the store's file, and the turn lets
 * the thread hear a cancel in between.
 */
export function readsTogether(
  readMany: (ids: number[]) => Promise<unknown[]> | unknown[],
  /** The most ids one call of `readMany` is given; more asked on one turn make more calls. */
  partSize = Infinity,
): (id: number) => Promise<unknown> {
  let asked: Asked[] = [];
  const readAsked = () => {
    for (let start = 0; start < asked.length; start += partSize)
      void readPart(asked.slice(start, start + partSize));
    asked = [];
  };
  const readPart = async (reads: Asked[]) => {
    try {
      const fields = await readMany(reads.map(({ id }) => id));
      reads.forEach((read, index) => read.resolve(fields[index]));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const read of reads) read.reject(failure);
    }
  };
  return (id) =>
    new Promise((resolve, reject) => {
      if (asked.length === 0) setImmediate(readAsked);
      asked.push({ id, resolve, reject });
    });
}
