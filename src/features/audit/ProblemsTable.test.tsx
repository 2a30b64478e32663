import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import type { ProblemsRow } from '../../contract/audit';
import { findingTitles } from '../../contract/audit';
import { fixLink } from '../../links/fix-link';
import { findingLink } from '../../links/finding-link';
import { ProblemsTable } from './ProblemsTable';

const counts: ProblemsRow['counts'] = {
  invalid: 2,
  'broken-references': 0,
  unused: 1,
  'exact-duplicates': 0,
  'near-duplicates': 0,
  nested: 0,
  'broken-dependencies': 0,
  lint: 0,
  'inactive-owners': 0,
  'hidden-name-characters': 0,
};

test('owners show by name with their id to copy, and by id where the instance has no name', () => {
  renderWithProviders(
    <ProblemsTable
      title="By owner"
      by="owner"
      table={{
        rows: [
          { id: '55050301', name: 'Yusuf Johnson', fields: 3, counts },
          { id: '73800', fields: 3, counts },
        ],
        total: 2,
      }}
    />,
  );
  const table = screen.getByRole('table', { name: 'By owner' });
  const [named, unnamed] = within(table).getAllByRole('row').slice(1);
  expect(named).toHaveTextContent('Yusuf Johnson');
  expect(named).not.toHaveTextContent('55050301');
  expect(
    within(named!).getByRole('button', { name: 'Copy the owner id 55050301' }),
  ).toBeInTheDocument();
  expect(unnamed).toHaveTextContent('73800');
  expect(
    within(named!).getByRole('link', { name: '2 fields: Invalid, Yusuf Johnson' }),
  ).toHaveAttribute('href', expect.stringContaining('owner=55050301'));
  expect(
    within(named!).getByRole('link', { name: '1 field: Unused, Yusuf Johnson' }),
  ).toBeInTheDocument();
});

test("each owner's row offers the hand-over of that owner's fields; a data source's row does not", () => {
  const rows = [{ id: '55050301', name: 'Yusuf Johnson', fields: 3, counts }];
  const { unmount } = renderWithProviders(
    <ProblemsTable title="By owner" by="owner" table={{ rows, total: 1 }} />,
  );
  expect(
    screen.getByRole('link', { name: 'Hand over the fields of Yusuf Johnson' }),
  ).toHaveAttribute('href', fixLink({ workflow: 'handover', from: 55050301 }));
  unmount();
  renderWithProviders(
    <ProblemsTable title="By data source" by="dataSource" table={{ rows, total: 1 }} />,
  );
  expect(screen.queryByRole('link', { name: /Hand over/ })).toBeNull();
});

test("an inactive owner's row says so, and each table counts the fields owned by inactive users as the drill-down lists them", () => {
  const inactive = { ...counts, 'inactive-owners': 3 };
  const { unmount } = renderWithProviders(
    <ProblemsTable
      title="By owner"
      by="owner"
      table={{
        rows: [
          { id: '103', name: 'Linus Torvalds', fields: 3, counts: inactive },
          { id: '101', name: 'Ada Lovelace', fields: 3, counts },
        ],
        total: 2,
      }}
    />,
  );
  const byOwner = screen.getByRole('table', { name: 'By owner' });
  const title = findingTitles['inactive-owners'];
  expect(within(byOwner).getByRole('columnheader', { name: title })).toBeInTheDocument();
  const [left, active] = within(byOwner).getAllByRole('row').slice(1);
  expect(within(left!).getByText('inactive')).toBeInTheDocument();
  expect(within(active!).queryByText('inactive')).toBeNull();
  expect(
    within(left!).getByRole('link', { name: `3 fields: ${title}, Linus Torvalds` }),
  ).toHaveAttribute('href', findingLink('inactive-owners', undefined, { owners: [103] }));
  unmount();

  renderWithProviders(
    <ProblemsTable
      title="By data source"
      by="dataSource"
      table={{ rows: [{ id: 'sales', name: 'Sales', fields: 9, counts: inactive }], total: 1 }}
    />,
  );
  const byDataSource = screen.getByRole('table', { name: 'By data source' });
  expect(within(byDataSource).queryByText('inactive')).toBeNull();
  expect(
    within(byDataSource).getByRole('link', { name: `3 fields: ${title}, Sales` }),
  ).toHaveAttribute('href', findingLink('inactive-owners', undefined, { dataSources: ['sales'] }));
});
