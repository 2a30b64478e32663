import type { DemoDataSource } from './demo-data-source';
import { ref } from './field-draft';
import type { SeededRandom } from './seeded-random';

const referencePattern = /`([^`]+)`/g;

/**
 * Rewrites one referenced column to a name the data source does not have, the way
 * a field goes stale when a column is renamed or dropped upstream.
 */
export function referenceMissingColumn(
  expression: string,
  source: DemoDataSource,
  random: SeededRandom,
): string {
  const referenced = [
    ...new Set(Array.from(expression.matchAll(referencePattern), (m) => m[1] ?? '')),
  ];
  if (referenced.length === 0) return expression;
  const target = random.pick(referenced);
  const present = new Set(source.record.columns);
  const candidates = [
    ...(random.chance(0.5) ? source.absentColumns : []),
    `${target} (Old)`,
    `${target}_v1`,
    `Legacy ${target}`,
    `${target} USD`,
  ].filter((column) => !present.has(column));
  const replacement = random.pick(candidates.length > 0 ? candidates : [`${target}_retired`]);
  return expression.replaceAll(ref(target), ref(replacement));
}
