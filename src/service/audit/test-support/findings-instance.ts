import type { FieldRecordInput, InstanceFile } from '../../instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../../instance/instance-file';

/**
 * An instance with one or more fields for every finding and as many near misses,
 * each noted with what it proves (findings.test.ts).
 */
export const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
export const TICKETS = '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c';
export const SALES_CARD = 'dr:1:1';
export const TICKETS_CARD = 'dr:2:5';

const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
const onTickets = { type: 'DATA_SOURCE' as const, id: TICKETS, visible: true, active: true };
const card = (id: string, active: boolean) => ({
  type: 'CARD' as const,
  id,
  visible: true,
  active,
});

const fields: FieldRecordInput[] = [
  // A chain: 3 -> 2 -> 1. 1 and 2 are used because another field nests them.
  { id: 1, name: 'Revenue Total', owner: 101, expression: 'SUM(`Revenue`)', links: [onSales] },
  {
    id: 2,
    name: 'Revenue Share',
    owner: 101,
    expression: 'SERVICE_BEAST_MODE(1) / 100',
    links: [onSales],
  },
  {
    id: 3,
    name: 'Revenue Share Pct',
    owner: 101,
    locked: true,
    expression: 'SERVICE_BEAST_MODE(2) * 100',
    links: [onSales, card(SALES_CARD, true)],
  },
  // A reference cycle: both INVALID.
  { id: 4, name: 'Loop A', owner: 101, expression: 'SERVICE_BEAST_MODE(5) + 1', links: [onSales] },
  { id: 5, name: 'Loop B', owner: 101, expression: 'SERVICE_BEAST_MODE(4) + 1', links: [onSales] },
  // INVALID by its own expression, and a field that depends on it.
  { id: 6, name: 'Broken Syntax', owner: 102, expression: 'SUM(`Cost`', links: [onSales] },
  {
    id: 7,
    name: 'Uses Broken',
    owner: 102,
    expression: 'SERVICE_BEAST_MODE(6) * 2',
    links: [onSales],
  },
  // Broken references: Profit is no column of SALES; through the card, TICKETS lacks both names.
  { id: 8, name: 'Profit A', owner: 102, expression: 'SUM(`Profit`)', links: [onSales] },
  {
    id: 9,
    name: 'Profit B',
    owner: 102,
    archived: true,
    expression: '`Profit` - `Cost`',
    links: [onSales, card(TICKETS_CARD, true)],
  },
  // Exact duplicates 10 and 11; 12 is the same formula written differently; 13 is not.
  { id: 10, name: 'Dup One', owner: 103, expression: 'SUM(`Amount`)', links: [onTickets] },
  { id: 11, name: 'Dup Two', owner: 103, expression: 'SUM(`Amount`)', links: [onTickets] },
  {
    id: 12,
    name: 'Near One',
    owner: 103,
    expression: 'sum( `Amount` ) -- total',
    links: [onTickets],
  },
  { id: 13, name: 'Other Sum', owner: 103, expression: 'SUM(`Status`)', links: [onTickets] },
  // Only an inactive card link: unused.
  {
    id: 14,
    name: 'On Inactive Card',
    owner: 103,
    expression: '`Amount` * 2',
    links: [card(TICKETS_CARD, false)],
  },
  // Depends on a field with a broken reference.
  {
    id: 15,
    name: 'Uses Profit A',
    owner: 103,
    expression: 'SERVICE_BEAST_MODE(8) + 1',
    links: [onSales],
  },
  // Lint: a comparison with NULL that is never true; a reference to an archived field,
  // which only lint knowing the references finds.
  {
    id: 16,
    name: 'Null Check',
    owner: 103,
    expression: 'CASE WHEN `Status` = NULL THEN 1 ELSE 0 END',
    links: [onTickets],
  },
  {
    id: 17,
    name: 'Uses Archived',
    owner: 101,
    expression: 'SERVICE_BEAST_MODE(18) / 2',
    links: [onSales],
  },
  {
    id: 18,
    name: 'Old Revenue',
    owner: 101,
    archived: true,
    expression: 'SUM(`Revenue`) * 2',
    links: [onSales],
  },
];

export const findingsInstance: InstanceFile = {
  format: INSTANCE_FORMAT,
  version: INSTANCE_VERSION,
  owners: [
    { id: 101, name: 'Ada Lovelace' },
    { id: 102, name: 'Grace Hopper' },
    { id: 103, name: 'Linus Torvalds' },
  ],
  dataSources: [
    { id: SALES, name: 'Sales Orders', columns: ['Revenue', 'Cost', 'Region', 'Order Date'] },
    { id: TICKETS, name: 'Support Tickets', columns: ['Amount', 'Status'] },
  ],
  cards: [
    { id: SALES_CARD, title: 'Revenue by Region', dataSourceId: SALES },
    { id: TICKETS_CARD, title: 'Open Tickets', dataSourceId: TICKETS },
  ],
  fields: fields.map((field) => ({
    ...field,
    created: Date.UTC(2025, 0, field.id),
    lastModified: Date.UTC(2025, 5, field.id),
  })),
};
