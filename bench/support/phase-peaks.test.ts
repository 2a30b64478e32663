import { expect, it } from 'vitest';
import { peaksByPhase } from './phase-peaks';

it("places each phase back from the scan's end and keeps the highest reading in it", () => {
  const samples = [0, 100, 200, 300, 400, 500, 600].map((at, index) => ({
    at,
    residentMb: [10, 50, 20, 30, 90, 40, 35][index]!,
  }));
  const phases = [
    { phase: 'reading', ms: 250 },
    { phase: 'handing over the findings', ms: 250 },
    { phase: 'pruning', ms: 50 },
  ];

  // Ended at 600: pruning 550-600, handing over 300-550, reading 50-300.
  const peaks = peaksByPhase(samples, phases, 600);
  expect(peaks).toEqual({ reading: 50, 'handing over the findings': 90, pruning: 35 });
  // In the order the phases ran, as the report's columns are.
  expect(Object.keys(peaks)).toEqual(['reading', 'handing over the findings', 'pruning']);
});
