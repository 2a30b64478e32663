import type { InstanceFile } from '../instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../instance/instance-file';

/**
 * A departed owner's fields on every kind of place a hand-over by place meets:
 * owned by an active person, by an inactive one, by no one, and nowhere at all.
 */
export const DEPARTED = 101;
export const GRACE = 102;
export const MARGARET = 104;

export const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const TICKETS = '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c';
const LEDGER = '9d1e2f3a-4b5c-4d6e-8f7a-0b1c2d3e4f5a';
const ARCHIVE = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
export const SALES_CARD = 'dr:1:1';
const TICKETS_CARD = 'dr:2:5';
/** A card the instance loses after the fields are saved on it (see the tests). */
export const LOST_CARD = 'dr:3:9';

const onSource = (id: string, visible = true) => ({
  type: 'DATA_SOURCE' as const,
  id,
  visible,
  active: true,
});
const onCard = (id: string) => ({ type: 'CARD' as const, id, visible: true, active: true });

export const handoverInstance: InstanceFile = {
  format: INSTANCE_FORMAT,
  version: INSTANCE_VERSION,
  owners: [
    { id: DEPARTED, name: 'Ada Lovelace', active: false },
    { id: GRACE, name: 'Grace Hopper' },
    { id: 103, name: 'Linus Torvalds', active: false },
    { id: MARGARET, name: 'Margaret Hamilton' },
  ],
  dataSources: [
    { id: SALES, name: 'Sales Orders', columns: ['Revenue'], owner: GRACE },
    { id: TICKETS, name: 'Support Tickets', columns: ['Amount'], owner: 103 },
    { id: LEDGER, name: 'Ledger', columns: ['Amount'] },
    { id: ARCHIVE, name: 'Archive', columns: ['Amount'], owner: DEPARTED },
  ],
  cards: [
    { id: SALES_CARD, title: 'Revenue by Region', dataSourceId: SALES, owner: MARGARET },
    { id: TICKETS_CARD, title: 'Open Tickets', dataSourceId: TICKETS },
    { id: LOST_CARD, title: 'Old Board', dataSourceId: SALES, owner: GRACE },
  ],
  fields: [
    {
      id: 1,
      name: 'Revenue Total',
      owner: DEPARTED,
      expression: 'SUM(`Revenue`)',
      links: [onSource(SALES)],
    },
    {
      id: 2,
      name: 'Card Margin',
      owner: DEPARTED,
      expression: 'SUM(`Revenue`) * 2',
      links: [onSource(SALES, false), onCard(SALES_CARD)],
    },
    {
      id: 3,
      name: 'Ticket Count',
      owner: DEPARTED,
      expression: 'COUNT(`Amount`)',
      links: [onSource(TICKETS)],
    },
    {
      id: 4,
      name: 'Ledger Sum',
      owner: DEPARTED,
      expression: 'SUM(`Amount`)',
      links: [onSource(LEDGER)],
    },
    {
      id: 5,
      name: 'Open Share',
      owner: DEPARTED,
      expression: '`Amount` / 2',
      links: [onCard(TICKETS_CARD)],
    },
    { id: 6, name: 'Constant', owner: DEPARTED, expression: '1 + 2', links: [] },
    {
      id: 7,
      name: 'Old Ratio',
      owner: DEPARTED,
      expression: '`Revenue` / 3',
      links: [onCard(LOST_CARD)],
    },
    {
      id: 8,
      name: 'Locked Total',
      owner: DEPARTED,
      locked: true,
      expression: 'SUM(`Revenue`) + 1',
      links: [onSource(SALES)],
    },
    {
      id: 9,
      name: 'Not Handed',
      owner: GRACE,
      expression: 'SUM(`Revenue`) + 2',
      links: [onSource(SALES)],
    },
    {
      id: 10,
      name: 'Archived Sum',
      owner: DEPARTED,
      expression: 'SUM(`Amount`) * 3',
      links: [onSource(ARCHIVE)],
    },
  ],
};
