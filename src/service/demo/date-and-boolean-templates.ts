import type { ExpressionTemplate, WeightedTemplates } from './field-draft';
import { ref, text, twoDistinct } from './field-draft';

const shiftedDate: ExpressionTemplate = ({ dates }, random) => {
  if (dates.length === 0) return undefined;
  const d = random.pick(dates);
  const days = random.pick([7, 14, 30, 45, 90]);
  return random.chance(0.6)
    ? { name: `${d} + ${days} Days`, expression: `ADDDATE(${ref(d)}, ${days})`, dataType: 'DATE' }
    : {
        name: `${d} (Prior ${days}d)`,
        expression: `DATE_SUB(${ref(d)}, INTERVAL ${days} DAY)`,
        dataType: 'DATE',
      };
};

const extremeDate: ExpressionTemplate = ({ dates }, random) => {
  if (dates.length === 0) return undefined;
  const d = random.pick(dates);
  return random.chance(0.5)
    ? { name: `Latest ${d}`, expression: `MAX(${ref(d)})`, dataType: 'DATE' }
    : { name: `First ${d}`, expression: `MIN(${ref(d)})`, dataType: 'DATE' };
};

const isCategory: ExpressionTemplate = ({ categories }, random) => {
  if (categories.length === 0) return undefined;
  const { column, values } = random.pick(categories);
  const value = random.pick(values);
  return {
    name: flagName(column, value),
    expression: `CASE WHEN ${ref(column)} = ${text(value)} THEN TRUE ELSE FALSE END`,
    dataType: 'BOOLEAN',
  };
};

function flagName(column: string, value: string): string {
  if (/^(yes|true)$/i.test(value)) return `Is ${column}`;
  if (/^(no|false)$/i.test(value)) return `Not ${column}`;
  if (column === 'Segment' || column === 'Tier') return `Is ${value} Account`;
  return `Is ${value} (${column})`;
}

const recentlyActive: ExpressionTemplate = ({ measures, dates }, random) => {
  if (dates.length === 0) return undefined;
  const m = random.pick(measures);
  const d = random.pick(dates);
  const days = random.pick([30, 60, 90]);
  return {
    name: `Active Last ${days} Days`,
    expression: `${ref(m)} > 0 AND ${ref(d)} >= DATE_SUB(CURRENT_DATE(), INTERVAL ${days} DAY)`,
    dataType: 'BOOLEAN',
  };
};

const isLate: ExpressionTemplate = ({ dates }, random) => {
  const pair = twoDistinct(dates, random);
  if (!pair) return undefined;
  const [planned, actual] = pair;
  return {
    name: random.pick(['Is Late', `${actual} After ${planned}`]),
    expression: `${ref(actual)} > ${ref(planned)}`,
    dataType: 'BOOLEAN',
  };
};

export const dateTemplates: WeightedTemplates = [
  [shiftedDate, 2],
  [extremeDate, 2],
];

export const booleanTemplates: WeightedTemplates = [
  [isCategory, 2],
  [recentlyActive, 1],
  [isLate, 1],
];
