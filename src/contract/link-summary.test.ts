import { expect, test } from 'vitest';
import { linkSummaryOf } from './link-summary';

const link = (type: string, visible: boolean, active: boolean, valid = 'VALID') => ({
  type,
  visible,
  active,
  valid,
});

test.each([
  [
    'no links',
    [],
    { brokenLink: false, active: false, onDataSource: false, inVisualization: false },
  ],
  [
    'a hidden, inactive data source',
    [link('DATA_SOURCE', false, false)],
    { brokenLink: false, active: false, onDataSource: false, inVisualization: false },
  ],
  [
    'a visible data source',
    [link('DATA_SOURCE', true, false)],
    { brokenLink: false, active: false, onDataSource: true, inVisualization: false },
  ],
  [
    'an active data source is not a visualization',
    [link('DATA_SOURCE', false, true)],
    { brokenLink: false, active: true, onDataSource: false, inVisualization: false },
  ],
  [
    'a visible card is not a data source',
    [link('CARD', true, false)],
    { brokenLink: false, active: false, onDataSource: false, inVisualization: false },
  ],
  [
    'an active card',
    [link('CARD', false, true)],
    { brokenLink: false, active: true, onDataSource: false, inVisualization: true },
  ],
  [
    'a link of any validity but VALID is broken',
    [link('CARD', false, false, 'ILLEGAL_REFERENCE')],
    { brokenLink: true, active: false, onDataSource: false, inVisualization: false },
  ],
])('%s', (_, links, summary) => {
  expect(linkSummaryOf(links)).toEqual(summary);
});
