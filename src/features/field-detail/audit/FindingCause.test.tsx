import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { FindingCause } from './FindingCause';

// A name may be 256 characters without a space; the drawer must wrap it, not run past its edge.
const longName = 'L'.repeat(256);

test.each([
  [
    'the other copies of a duplicate',
    { kind: 'others' as const, fields: [{ id: 2, name: longName }], more: 0 },
  ],
  [
    'the field a dependency leads to',
    { kind: 'dependency' as const, broken: { id: 2, name: longName }, through: [] },
  ],
])('a sentence naming %s may break inside a long name', (_, cause) => {
  renderWithProviders(<FindingCause cause={cause} />);
  const sentence = screen.getByRole('link', { name: longName }).closest('div.mantine-Text-root');
  expect(sentence).toHaveStyle({ overflowWrap: 'anywhere' });
});

test('copies of a duplicate that share their name are told apart by id, as the merge names them', () => {
  const cause = {
    kind: 'others' as const,
    fields: [
      { id: 2, name: 'Revenue' },
      { id: 3, name: 'Revenue' },
      { id: 4, name: 'Q4 Revenue' },
    ],
    more: 0,
  };
  renderWithProviders(<FindingCause cause={cause} />);
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
    'Revenue (field 2)',
    'Revenue (field 3)',
    'Q4 Revenue',
  ]);
});
