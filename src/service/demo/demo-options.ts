export interface DemoOptions {
  /** Number of calculated fields to generate. */
  fields: number;
  /** Same seed, same instance. */
  seed?: number;
  /** Epoch milliseconds that timestamps are relative to; fixed by default so output is stable. */
  now?: number;
}

export const defaultDemoSeed = 20_260_601;
export const defaultDemoNow = Date.UTC(2026, 5, 1);

export function resolveDemoOptions(options: DemoOptions): Required<DemoOptions> {
  const { fields, seed = defaultDemoSeed, now = defaultDemoNow } = options;
  if (!Number.isSafeInteger(fields) || fields < 0) {
    throw new RangeError(`fields must be a non-negative integer (got ${String(fields)})`);
  }
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be an integer (got ${String(seed)})`);
  }
  if (!Number.isSafeInteger(now) || now < 0) {
    throw new RangeError(`now must be epoch milliseconds (got ${String(now)})`);
  }
  return { fields, seed, now };
}
