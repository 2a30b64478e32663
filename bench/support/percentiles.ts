/** Nearest-rank percentile of a list of numbers (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Spread {
  p50: number;
  p95: number;
  max: number;
  samples: number;
}

export function spread(values: readonly number[]): Spread {
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    max: round(Math.max(...values)),
    samples: values.length,
  };
}
