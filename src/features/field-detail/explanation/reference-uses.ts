import type { ColumnReference } from '../../../analysis/analyze-expression';

/** One backtick name and every place it is used, in order. */
export interface ReferenceUses {
  name: string;
  uses: ColumnReference[];
}

/** The expression's references grouped by name, in order of first use. */
export function referenceUses(references: readonly ColumnReference[]): ReferenceUses[] {
  const byName = new Map<string, ColumnReference[]>();
  for (const reference of references) {
    const uses = byName.get(reference.name);
    if (uses) uses.push(reference);
    else byName.set(reference.name, [reference]);
  }
  return [...byName].map(([name, uses]) => ({ name, uses }));
}
