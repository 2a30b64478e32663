import type { ExpressionTemplate, WeightedTemplates } from './field-draft';
import { ref, text, thresholds } from './field-draft';

const fullName: ExpressionTemplate = ({ texts, categories }, random) => {
  if (texts.includes('First Name') && texts.includes('Last Name')) {
    return {
      name: 'Full Name',
      expression: `CONCAT(${ref('First Name')}, ' ', ${ref('Last Name')})`,
      dataType: 'STRING',
    };
  }
  if (texts.length === 0 || categories.length === 0) return undefined;
  const t = random.pick(texts);
  const c = random.pick(categories).column;
  return {
    name: `${t} - ${c}`,
    expression: `CONCAT(${ref(t)}, ' - ', ${ref(c)})`,
    dataType: 'STRING',
  };
};

const sizeTier: ExpressionTemplate = ({ measures }, random) => {
  const m = random.pick(measures);
  const high = random.pick(thresholds);
  const low = high / 10;
  return {
    name: `${m} Tier`,
    expression: `CASE WHEN SUM(${ref(m)}) >= ${high} THEN 'Large' WHEN SUM(${ref(m)}) >= ${low} THEN 'Medium' ELSE 'Small' END`,
    dataType: 'STRING',
  };
};

const cleaned: ExpressionTemplate = ({ categories }, random) => {
  if (categories.length === 0) return undefined;
  const c = random.pick(categories).column;
  return { name: `${c} (Clean)`, expression: `UPPER(TRIM(${ref(c)}))`, dataType: 'STRING' };
};

const normalized: ExpressionTemplate = ({ texts }, random) => {
  if (texts.length === 0) return undefined;
  const t = random.pick(texts);
  return { name: `${t} Normalized`, expression: `LOWER(TRIM(${ref(t)}))`, dataType: 'STRING' };
};

const prefix: ExpressionTemplate = ({ ids }, random) => {
  if (ids.length === 0) return undefined;
  const id = random.pick(ids);
  const length = random.int(2, 4);
  return {
    name: `${id} Prefix`,
    expression: `SUBSTRING(${ref(id)}, 1, ${length})`,
    dataType: 'STRING',
  };
};

const properCase: ExpressionTemplate = ({ texts }, random) => {
  if (texts.length === 0) return undefined;
  const t = random.pick(texts);
  return {
    name: `${t} (Proper Case)`,
    expression: `CONCAT(UPPER(SUBSTRING(${ref(t)}, 1, 1)), LOWER(SUBSTRING(${ref(t)}, 2)))`,
    dataType: 'STRING',
  };
};

const yearMonth: ExpressionTemplate = ({ dates }, random) => {
  if (dates.length === 0) return undefined;
  const d = random.pick(dates);
  return {
    name: `${d} Year-Month`,
    expression: `CONCAT(YEAR(${ref(d)}), '-', LPAD(MONTH(${ref(d)}), 2, '0'))`,
    dataType: 'STRING',
  };
};

const grouping: ExpressionTemplate = ({ categories }, random) => {
  if (categories.length === 0) return undefined;
  const { column, values } = random.pick(categories);
  const grouped = random.sample(values, Math.min(2, values.length));
  return {
    name: `${column} Group`,
    expression: `CASE WHEN ${ref(column)} IN (${grouped.map(text).join(', ')}) THEN 'Group A' ELSE 'Other' END`,
    dataType: 'STRING',
  };
};

export const stringTemplates: WeightedTemplates = [
  [fullName, 2],
  [sizeTier, 3],
  [cleaned, 2],
  [normalized, 1],
  [prefix, 1],
  [properCase, 1],
  [yearMonth, 1],
  [grouping, 2],
];
