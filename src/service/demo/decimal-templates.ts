import type { ExpressionTemplate, WeightedTemplates } from './field-draft';
import { entityOf, ref, text, thresholds, twoDistinct } from './field-draft';

const total: ExpressionTemplate = ({ measures }, random) => {
  const m = random.pick(measures);
  const name = random.pick([`Total ${m}`, `Sum of ${m}`, m, `${m} (Sum)`]);
  return { name, expression: `SUM(${ref(m)})`, dataType: 'DECIMAL' };
};

const average: ExpressionTemplate = ({ measures }, random) => {
  const m = random.pick(measures);
  const name = random.pick([`Average ${m}`, `Avg ${m}`, `Mean ${m}`]);
  return { name, expression: `AVG(${ref(m)})`, dataType: 'DECIMAL' };
};

const difference: ExpressionTemplate = ({ measures }, random) => {
  const pair = twoDistinct(measures, random);
  if (!pair) return undefined;
  const [a, b] = pair;
  const name = a === 'Revenue' && b === 'Cost' ? 'Gross Profit' : `${a} minus ${b}`;
  return { name, expression: `SUM(${ref(a)}) - SUM(${ref(b)})`, dataType: 'DECIMAL' };
};

const ratio: ExpressionTemplate = ({ measures }, random) => {
  const pair = twoDistinct(measures, random);
  if (!pair) return undefined;
  const [a, b] = pair;
  const name = random.pick([`${a} per ${b}`, `${a} / ${b}`, `${a} to ${b} Ratio`]);
  return { name, expression: `SUM(${ref(a)}) / NULLIF(SUM(${ref(b)}), 0)`, dataType: 'DECIMAL' };
};

const perEntity: ExpressionTemplate = ({ measures, ids }, random) => {
  if (ids.length === 0) return undefined;
  const m = random.pick(measures);
  const id = random.pick(ids);
  return {
    name: `${m} per ${entityOf(id)}`,
    expression: `SUM(${ref(m)}) / NULLIF(COUNT(DISTINCT ${ref(id)}), 0)`,
    dataType: 'DECIMAL',
  };
};

const marginPercent: ExpressionTemplate = ({ measures }, random) => {
  const pair =
    measures.includes('Revenue') && measures.includes('Cost')
      ? (['Revenue', 'Cost'] as [string, string])
      : twoDistinct(measures, random);
  if (!pair) return undefined;
  const [a, b] = pair;
  const name = a === 'Revenue' && b === 'Cost' ? 'Gross Margin %' : `${a} Margin %`;
  return {
    name,
    expression: `(SUM(${ref(a)}) - SUM(${ref(b)})) / NULLIF(SUM(${ref(a)}), 0) * 100`,
    dataType: 'DECIMAL',
  };
};

const shareOfCategory: ExpressionTemplate = ({ measures, categories }, random) => {
  if (categories.length === 0) return undefined;
  const m = random.pick(measures);
  const c = random.pick(categories).column;
  return {
    name: random.pick([`% of ${c} ${m}`, `${m} Share of ${c} %`]),
    expression: `SUM(${ref(m)}) / NULLIF(SUM(SUM(${ref(m)})) OVER (PARTITION BY ${ref(c)}), 0)`,
    dataType: 'DECIMAL',
  };
};

const windowTotal: ExpressionTemplate = ({ measures, categories }, random) => {
  if (categories.length === 0) return undefined;
  const m = random.pick(measures);
  const c = random.pick(categories).column;
  return {
    name: `${m} by ${c} (Window)`,
    expression: `SUM(${ref(m)}) OVER (PARTITION BY ${ref(c)})`,
    dataType: 'DECIMAL',
  };
};

const runningTotal: ExpressionTemplate = ({ measures, categories, dates }, random) => {
  if (categories.length === 0 || dates.length === 0) return undefined;
  const m = random.pick(measures);
  const c = random.pick(categories).column;
  const d = random.pick(dates);
  return {
    name: `Running ${m}`,
    expression: `SUM(SUM(${ref(m)})) OVER (PARTITION BY ${ref(c)} ORDER BY ${ref(d)})`,
    dataType: 'DECIMAL',
  };
};

const conditionalSum: ExpressionTemplate = ({ measures, categories }, random) => {
  if (categories.length === 0) return undefined;
  const m = random.pick(measures);
  const { column, values } = random.pick(categories);
  const value = random.pick(values);
  return {
    name: `${value} ${m}`,
    expression: `SUM(CASE WHEN ${ref(column)} = ${text(value)} THEN ${ref(m)} ELSE 0 END)`,
    dataType: 'DECIMAL',
  };
};

const weightedAverage: ExpressionTemplate = ({ measures }, random) => {
  const pair = twoDistinct(measures, random);
  if (!pair) return undefined;
  const [a, w] = pair;
  return {
    name: `Weighted Avg ${a}`,
    expression: `SUM(${ref(a)} * ${ref(w)}) / NULLIF(SUM(${ref(w)}), 0)`,
    dataType: 'DECIMAL',
  };
};

const quarterWeighted: ExpressionTemplate = ({ measures, dates }, random) => {
  const probability = measures.find((m) => /probab/i.test(m));
  const amounts = measures.filter((m) => m !== probability);
  if (probability === undefined || amounts.length === 0 || dates.length === 0) return undefined;
  const amount = amounts.includes('Amount') ? 'Amount' : random.pick(amounts);
  const quarter = random.int(1, 4);
  const name =
    amount === 'Amount' ? `Q${quarter} Pipeline (Weighted)` : `Q${quarter} ${amount} (Weighted)`;
  const d = random.pick(dates);
  return {
    name,
    expression: `SUM(CASE WHEN QUARTER(${ref(d)}) = ${quarter} THEN ${ref(amount)} * ${ref(probability)} / 100 ELSE 0 END)`,
    dataType: 'DECIMAL',
  };
};

const extended: ExpressionTemplate = ({ measures }, random) => {
  const pair = twoDistinct(measures, random);
  if (!pair) return undefined;
  const [a, b] = pair;
  return {
    name: random.pick([`Extended ${a}`, `${a} x ${b}`]),
    expression: `${ref(a)} * ${ref(b)}`,
    dataType: 'DECIMAL',
  };
};

const netOfRate: ExpressionTemplate = ({ measures }, random) => {
  const rate = measures.find((m) => /%|pct|probab/i.test(m));
  const amounts = measures.filter((m) => m !== rate);
  if (rate === undefined || amounts.length === 0) return undefined;
  const a = random.pick(amounts);
  return {
    name: `Net ${a}`,
    expression: `${ref(a)} - ${ref(a)} * ${ref(rate)} / 100`,
    dataType: 'DECIMAL',
  };
};

const plusOther: ExpressionTemplate = ({ measures }, random) => {
  const pair = twoDistinct(measures, random);
  if (!pair) return undefined;
  const [a, b] = pair;
  const factor = random.pick(['1.0825', '1.2', '0.85', '1.05']);
  return {
    name: random.pick([`${a} + ${b}`, `${a} incl. ${b}`, `Adjusted ${a} + ${b}`]),
    expression: `(${ref(a)} + ${ref(b)}) * ${factor}`,
    dataType: 'DECIMAL',
  };
};

const averageDays: ExpressionTemplate = ({ dates }, random) => {
  const pair = twoDistinct(dates, random);
  if (!pair) return undefined;
  const [start, end] = pair;
  return {
    name: `Avg Days ${start} to ${end}`,
    expression: `AVG(DATEDIFF(${ref(end)}, ${ref(start)}))`,
    dataType: 'DECIMAL',
  };
};

const nestedAdjustment: ExpressionTemplate = ({ measures, categories }, random) => {
  if (categories.length === 0) return undefined;
  const m = random.pick(measures);
  const { column, values } = random.pick(categories);
  const [first, second] = random.sample(values, 2);
  if (first === undefined || second === undefined) return undefined;
  const limit = random.pick(thresholds);
  return {
    name: `Adjusted ${m}`,
    expression:
      `CASE WHEN ${ref(column)} = ${text(first)} THEN ` +
      `CASE WHEN ${ref(m)} > ${limit} THEN ${ref(m)} * 0.9 ELSE ${ref(m)} END ` +
      `WHEN ${ref(column)} = ${text(second)} THEN ${ref(m)} * 1.1 ELSE 0 END`,
    dataType: 'DECIMAL',
  };
};

const yearOverYear: ExpressionTemplate = ({ measures, dates }, random) => {
  if (dates.length === 0) return undefined;
  const m = random.pick(measures);
  const d = random.pick(dates);
  const thisYear = `SUM(CASE WHEN YEAR(${ref(d)}) = YEAR(CURRENT_DATE()) THEN ${ref(m)} ELSE 0 END)`;
  const lastYear = `SUM(CASE WHEN YEAR(${ref(d)}) = YEAR(CURRENT_DATE()) - 1 THEN ${ref(m)} ELSE 0 END)`;
  return {
    name: `${m} YoY Growth %`,
    expression: `(${thisYear} - ${lastYear}) / NULLIF(${lastYear}, 0) * 100`,
    dataType: 'DECIMAL',
  };
};

const trailingWindow: ExpressionTemplate = ({ measures, dates }, random) => {
  if (dates.length === 0) return undefined;
  const m = random.pick(measures);
  const d = random.pick(dates);
  const days = random.pick([7, 30, 90, 365]);
  return {
    name: `${m} Last ${days} Days`,
    expression: `SUM(CASE WHEN ${ref(d)} >= DATE_SUB(CURRENT_DATE(), INTERVAL ${days} DAY) THEN ${ref(m)} ELSE 0 END)`,
    dataType: 'DECIMAL',
  };
};

export const decimalTemplates: WeightedTemplates = [
  [total, 8],
  [average, 4],
  [difference, 4],
  [ratio, 5],
  [perEntity, 5],
  [marginPercent, 4],
  [shareOfCategory, 3],
  [windowTotal, 3],
  [runningTotal, 2],
  [conditionalSum, 5],
  [weightedAverage, 2],
  [quarterWeighted, 2],
  [extended, 3],
  [netOfRate, 2],
  [plusOther, 2],
  [averageDays, 2],
  [nestedAdjustment, 2],
  [yearOverYear, 2],
  [trailingWindow, 2],
];
