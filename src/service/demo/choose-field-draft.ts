import { booleanTemplates, dateTemplates } from './date-and-boolean-templates';
import { decimalTemplates } from './decimal-templates';
import type { DemoColumns } from './demo-data-source';
import type { FieldDraft, WeightedTemplates } from './field-draft';
import { ref } from './field-draft';
import { longTemplates } from './long-templates';
import type { SeededRandom } from './seeded-random';
import { stringTemplates } from './string-templates';

// The weights inside each list already give the type mix: about two thirds DECIMAL.
const allTemplates: WeightedTemplates = [
  ...decimalTemplates,
  ...longTemplates,
  ...stringTemplates,
  ...dateTemplates,
  ...booleanTemplates,
];

const attempts = 8;

/** A plausible field over the given columns; falls back to a plain sum when no template fits. */
export function chooseFieldDraft(columns: DemoColumns, random: SeededRandom): FieldDraft {
  for (let i = 0; i < attempts; i++) {
    const draft = random.weighted(allTemplates)(columns, random);
    if (draft) return draft;
  }
  const measure = columns.measures[0];
  if (measure !== undefined) {
    return { name: `Total ${measure}`, expression: `SUM(${ref(measure)})`, dataType: 'DECIMAL' };
  }
  const id = columns.ids[0] ?? columns.dates[0] ?? columns.texts[0] ?? 'Record ID';
  return { name: 'Row Count', expression: `COUNT(${ref(id)})`, dataType: 'LONG' };
}
