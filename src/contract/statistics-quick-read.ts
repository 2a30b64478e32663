import { statisticNames } from './statistic-definitions';
import type { Statistics } from './statistics';

// The audit page's headline numbers, read without zod: they are drawn before the rest
// of the page's code, zod included, has loaded (bench/results/first-screen.md, "The
// audit page"). Not a second home of the shape: statisticsSchema is the shape, and
// statistics-quick-read.test.ts proves this reads every answer as the schema does, or
// leaves it to the schema.

/** The statistics when every one is a whole number (z.number().int(): safe integers), else undefined. */
export function quickReadStatistics(data: unknown): Statistics | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const answer = data as Record<string, unknown>;
  const statistics: Partial<Statistics> = {};
  for (const name of statisticNames) {
    const value = answer[name];
    if (!Number.isSafeInteger(value)) return undefined;
    statistics[name] = value as number;
  }
  return statistics as Statistics;
}
