import type { FieldDraft } from './field-draft';
import type { SeededRandom } from './seeded-random';

/** Variables are constants a dashboard user can change, so their expression is a literal. */
const variableMakers: readonly ((random: SeededRandom) => FieldDraft)[] = [
  (r) => ({ name: 'Target Margin %', expression: String(r.int(20, 60)), dataType: 'DECIMAL' }),
  (r) => ({
    name: 'Commission Rate',
    expression: (r.int(2, 15) / 100).toFixed(2),
    dataType: 'DECIMAL',
  }),
  (r) => ({
    name: 'Tax Rate',
    expression: (r.int(500, 1000) / 10000).toFixed(4),
    dataType: 'DECIMAL',
  }),
  (r) => ({
    name: 'FX Rate EUR',
    expression: (r.int(1050, 1150) / 1000).toFixed(3),
    dataType: 'DECIMAL',
  }),
  (r) => ({
    name: 'Discount Threshold',
    expression: String(r.int(1, 20) * 250),
    dataType: 'DECIMAL',
  }),
  (r) => ({
    name: 'Forecast Horizon (Days)',
    expression: String(r.pick([30, 60, 90, 180])),
    dataType: 'LONG',
  }),
  (r) => ({ name: 'Top N', expression: String(r.pick([5, 10, 20, 25])), dataType: 'LONG' }),
  (r) => ({ name: 'Fiscal Year', expression: String(r.int(2024, 2027)), dataType: 'LONG' }),
  (r) => ({
    name: 'Selected Region',
    expression: `'${r.pick(['North America', 'EMEA', 'APAC', 'LATAM'])}'`,
    dataType: 'STRING',
  }),
  (r) => ({
    name: 'Currency Code',
    expression: `'${r.pick(['USD', 'EUR', 'GBP'])}'`,
    dataType: 'STRING',
  }),
  (r) => ({
    name: 'Scenario',
    expression: `'${r.pick(['Base Case', 'Upside', 'Downside'])}'`,
    dataType: 'STRING',
  }),
  (r) => ({
    name: 'Fiscal Year Start',
    expression: `DATE('${r.int(2024, 2026)}-${r.pick(['01', '02', '04', '07'])}-01')`,
    dataType: 'DATE',
  }),
  (r) => ({
    name: 'Include Returns',
    expression: r.chance(0.5) ? 'TRUE' : 'FALSE',
    dataType: 'BOOLEAN',
  }),
  (r) => ({
    name: 'Show_Forecast',
    expression: r.chance(0.5) ? 'TRUE' : 'FALSE',
    dataType: 'BOOLEAN',
  }),
];

export function variableDraft(random: SeededRandom): FieldDraft {
  return random.pick(variableMakers)(random);
}
