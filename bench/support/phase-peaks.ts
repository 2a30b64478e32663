import type { ScanPhaseTimes } from '../../src/service/audit/scan/phase-clock';

/** Resident memory read at a moment (performance.now()), in MB. */
export interface MemorySample {
  at: number;
  residentMb: number;
}

/**
 * The highest resident memory sampled in each phase of a scan that ended at `endedAt`:
 * the phases ran one after another on the audit's thread, so each is placed back from
 * the end by the lengths of those after it. The moments between phases that the clock
 * does not time make the earliest phases' windows the least exact; a phase run twice
 * keeps its higher peak. Phases shorter than the sampling interval may show none.
 */
export function peaksByPhase(
  samples: readonly MemorySample[],
  phases: ScanPhaseTimes,
  endedAt: number,
): Record<string, number> {
  const windows: Array<{ phase: string; start: number; end: number }> = [];
  let end = endedAt;
  for (const { phase, ms } of [...phases].reverse()) {
    windows.unshift({ phase, start: end - ms, end });
    end -= ms;
  }
  const peaks: Record<string, number> = {};
  for (const { phase, start, end } of windows) {
    for (const { at, residentMb } of samples) {
      if (at >= start && at <= end) peaks[phase] = Math.max(peaks[phase] ?? 0, residentMb);
    }
  }
  return peaks;
}
