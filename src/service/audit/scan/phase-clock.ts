/** Milliseconds each phase of a scan took, in the order they ran. */
export type ScanPhaseTimes = Array<{ phase: string; ms: number }>;

/** Times the phases of one scan, for the benchmark that says where a scan's time goes. */
export class PhaseClock {
  readonly times: ScanPhaseTimes = [];

  async time<T>(phase: string, work: () => T | Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.times.push({ phase, ms: Math.round(performance.now() - started) });
    }
  }
}
