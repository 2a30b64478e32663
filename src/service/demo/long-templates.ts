import type { ExpressionTemplate, WeightedTemplates } from './field-draft';
import { entityOf, ref, text, twoDistinct } from './field-draft';

/** "Opportunity" -> "Opportunities", "PO" -> "POs", "Address" -> "Addresses". */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

const distinctCount: ExpressionTemplate = ({ ids }, random) => {
  if (ids.length === 0) return undefined;
  const id = random.pick(ids);
  const entities = pluralOf(entityOf(id));
  return {
    name: random.pick([`Unique ${entities}`, `# of ${entities}`, `Distinct ${id} Count`]),
    expression: `COUNT(DISTINCT ${ref(id)})`,
    dataType: 'LONG',
  };
};

const rowCount: ExpressionTemplate = ({ ids }, random) => {
  if (ids.length === 0) return undefined;
  const id = random.pick(ids);
  return { name: `${entityOf(id)} Count`, expression: `COUNT(${ref(id)})`, dataType: 'LONG' };
};

const daysBetween: ExpressionTemplate = ({ dates }, random) => {
  const pair = twoDistinct(dates, random);
  if (!pair) return undefined;
  const [start, end] = pair;
  const name =
    start === 'Created Date' && end === 'Close Date' ? 'Days to Close' : `Days ${start} to ${end}`;
  return { name, expression: `DATEDIFF(${ref(end)}, ${ref(start)})`, dataType: 'LONG' };
};

const daysSince: ExpressionTemplate = ({ dates }, random) => {
  if (dates.length === 0) return undefined;
  const d = random.pick(dates);
  return {
    name: `Days Since ${d}`,
    expression: `DATEDIFF(CURRENT_DATE(), ${ref(d)})`,
    dataType: 'LONG',
  };
};

const countIf: ExpressionTemplate = ({ categories }, random) => {
  if (categories.length === 0) return undefined;
  const { column, values } = random.pick(categories);
  const value = random.pick(values);
  return {
    name: `${value} Count`,
    expression: `SUM(CASE WHEN ${ref(column)} = ${text(value)} THEN 1 ELSE 0 END)`,
    dataType: 'LONG',
  };
};

export const longTemplates: WeightedTemplates = [
  [distinctCount, 4],
  [rowCount, 2],
  [daysBetween, 3],
  [daysSince, 2],
  [countIf, 2],
];
