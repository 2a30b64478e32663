import type { FieldRecordInput, InstanceFile } from '../instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../instance/instance-file';

/** A small instance whose every field is known, so tests can assert exact answers. */
export const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
export const TICKETS = '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c';
export const SALES_CARD = 'dr:1:1';
export const TICKETS_CARD = 'dr:2:5';

const day = 86_400_000;
const base = Date.UTC(2025, 0, 1);

const dataSource = (id: string) => ({
  type: 'DATA_SOURCE' as const,
  id,
  visible: true,
  active: true,
});
const card = (id: string, active = true) => ({ type: 'CARD' as const, id, visible: true, active });

const fields: FieldRecordInput[] = [
  {
    id: 1,
    name: 'Gross Margin',
    owner: 101,
    expression: '(SUM(`Revenue`) - SUM(`Cost`)) / NULLIF(SUM(`Revenue`), 0)',
    links: [dataSource(SALES)],
  },
  {
    id: 2,
    name: 'gross margin %',
    owner: 102,
    locked: true,
    expression: 'SUM(`Revenue`) * 100',
    links: [dataSource(SALES), card(SALES_CARD)],
  },
  {
    id: 3,
    name: 'Days_to_Close',
    owner: 101,
    variable: true,
    expression: 'DATEDIFF(CURRENT_DATE(), `Order Date`)',
    links: [dataSource(SALES)],
  },
  {
    id: 4,
    name: '100% Sure',
    owner: 103,
    archived: true,
    expression: '`Amount` * 1',
    links: [dataSource(TICKETS)],
  },
  {
    id: 5,
    name: 'Back\\slash Region',
    owner: 103,
    global: true,
    expression: 'UPPER(`Region`)',
    links: [dataSource(SALES)],
  },
  {
    id: 6,
    name: 'Broken Parens',
    owner: 102,
    expression: 'SUM(`Revenue`',
    links: [dataSource(SALES)],
  },
  {
    id: 7,
    name: 'Missing Column',
    owner: 101,
    expression: 'SUM(`Profit`)',
    links: [dataSource(SALES)],
  },
  {
    id: 8,
    name: 'Hidden Ratio',
    owner: 102,
    hidden: true,
    expression: '`Revenue` / `Cost`',
    links: [card(SALES_CARD, false)],
  },
  {
    id: 9,
    name: 'Running Total',
    owner: 103,
    expression: 'SUM(`Amount`) OVER (PARTITION BY `Status`)',
    links: [{ ...dataSource(TICKETS), visible: false }, card(TICKETS_CARD)],
  },
  { id: 10, name: 'No Links', owner: 103, expression: '1 + 2', links: [] },
  {
    id: 11,
    name: 'Status Label',
    owner: 102,
    expression: "CASE WHEN `Status` = 'Closed' THEN 'Done' ELSE 'Open' END",
    links: [dataSource(TICKETS)],
  },
  {
    id: 12,
    name: 'Duplicate Name',
    owner: 101,
    expression: '`Amount` - 1',
    links: [dataSource(TICKETS)],
  },
  {
    id: 13,
    name: 'duplicate name',
    owner: 102,
    expression: '`Amount` + 2',
    links: [dataSource(TICKETS)],
  },
  {
    id: 14,
    name: 'Region_Code',
    owner: 101,
    expression: 'LOWER(`Region`)',
    links: [dataSource(SALES), card(TICKETS_CARD)],
  },
];

export const fixtureInstance: InstanceFile = {
  format: INSTANCE_FORMAT,
  version: INSTANCE_VERSION,
  owners: [
    { id: 101, name: 'Ada Lovelace' },
    { id: 102, name: 'Grace Hopper' },
    { id: 103, name: 'Linus Torvalds', active: false },
  ],
  dataSources: [
    {
      id: SALES,
      name: 'Sales Orders',
      columns: ['Revenue', 'Cost', 'Order Date', 'Region', 'Customer ID'],
      owner: 101,
    },
    { id: TICKETS, name: 'Support Tickets', columns: ['Amount', 'Status'] },
  ],
  cards: [
    { id: SALES_CARD, title: 'Revenue by Region', dataSourceId: SALES, owner: 102 },
    { id: TICKETS_CARD, title: 'Open Tickets', dataSourceId: TICKETS, owner: 103 },
  ],
  // Fields 12 and 13 share a created time, so ties on created break on id.
  fields: fields.map((field) => ({
    ...field,
    created: base + (field.id === 13 ? 12 : field.id) * day,
    lastModified: base + (100 - field.id) * day,
  })),
};
