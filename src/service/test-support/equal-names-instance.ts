import type { InstanceFile } from '../instance/instance-file';
import { fixtureInstance, SALES } from './fixture-instance';

/** Spellings that sort as equal (names compare case-insensitively) and a few others. */
const names = ['Revenue', 'REVENUE', 'revenue', 'Margin', 'margin', 'Cost', 'Share', 'Count'];

const day = 86_400_000;
const base = Date.UTC(2025, 0, 1);

/**
 * Many fields under few names, so that every page of a name sort cuts a run of
 * equal names: an instance that orders equal names differently on every call
 * repeats and skips fields across such pages. Times are distinct per field.
 */
export function equalNamesInstance(count = 240): InstanceFile {
  return {
    ...fixtureInstance,
    fields: Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      name: names[index % names.length]!,
      owner: 101 + (index % 3),
      expression: index % 2 === 0 ? 'SUM(`Revenue`)' : '`Cost` * 2',
      links: [{ type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true }],
      created: base + index * day,
      lastModified: base + index * day,
    })),
  };
}
