import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import type { CalculatedField } from '../../contract/field';
import {
  cardLink,
  dataSourceLink,
  mockInstance,
  SALES,
  smallDirectory,
} from './test-support/mock-instance';
import { renderDetails } from './test-support/render-details';

const server = setupMockApi();
// Rendering the whole drawer in the test DOM takes seconds on a busy machine; answers wait their turn.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  localStorage.clear();
});

const grossMargin = calculatedField(20, {
  name: 'Gross Margin',
  expression: '`Revenue` - `Cost`',
  links: [dataSourceLink(SALES)],
});
const oldMargin = calculatedField(21, {
  name: 'Old Margin',
  archived: true,
  expression: '`Revenue`',
  links: [dataSourceLink(SALES)],
});
// Same name, another data source: not what `Gross Margin` stands for here.
const otherGrossMargin = calculatedField(22, {
  name: 'Gross Margin',
  expression: '1',
  links: [dataSourceLink('99999999-0000-4000-8000-000000000000')],
});
const field = calculatedField(30, {
  name: 'Margin Check',
  owner: 7,
  expression: 'SUM(`Revenue`) - SUM(`Profit`) + SUM(`Gross Margin`) + SUM(`Old Margin`)',
  links: [dataSourceLink(SALES, 'ILLEGAL_REFERENCE'), cardLink('dr:1:1', 'ILLEGAL_REFERENCE')],
});
const instanceFields = [grossMargin, oldMargin, otherGrossMargin, field];

function show(
  options: { directory?: 'missing'; dependents?: Record<number, number[]> | 'unsupported' } = {},
  shown: CalculatedField = field,
) {
  const instance = mockInstance(server, {
    fields: instanceFields,
    directory: options.directory ?? smallDirectory,
    dependents: options.dependents ?? { 30: [] },
  });
  renderDetails({ complete: true, field: shown });
  return instance;
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const referenceRow = (name: string) =>
  section('References')
    .getAllByRole('row')
    .find((row) => row.textContent?.startsWith(`\`${name}\``))!;

describe('with the directory', () => {
  test('names the owner, data sources and cards, with each id on hover and to copy', async () => {
    show();
    expect(await screen.findAllByText('Ada Lovelace')).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Copy the owner id 7' })).not.toHaveLength(0);
    const links = section('Links');
    expect(links.getByText('Sales Orders')).toBeInTheDocument();
    expect(links.getByText('Revenue by Region')).toBeInTheDocument();
    expect(links.getByText('on Sales Orders')).toBeInTheDocument();
    expect(
      links.getByRole('button', { name: `Copy the data source id ${SALES}` }),
    ).toBeInTheDocument();
    expect(links.queryByText(SALES)).toBeNull();
  });

  test("the owner's and a data source's names open the table filtered by them", async () => {
    show();
    const owner = (await screen.findAllByRole('link', { name: 'Ada Lovelace' }))[0]!;
    expect(owner).toHaveAttribute('href', '/fields?owner=7');
    expect(section('Links').getByRole('link', { name: 'Sales Orders' })).toHaveAttribute(
      'href',
      `/fields?dataSource=${SALES}`,
    );
    expect(section('Links').queryByRole('link', { name: 'Revenue by Region' })).toBeNull();
  });

  test('tells a column, another calculated field (a link that opens it) and a missing reference apart', async () => {
    show();
    await waitFor(() => expect(referenceRow('Gross Margin')).toHaveTextContent('calculated field'));
    expect(referenceRow('Revenue')).toHaveTextContent('Column of Sales Orders.');
    expect(referenceRow('Profit')).toHaveTextContent(
      'Neither a column nor a calculated field of Sales Orders.',
    );
    const kinds = [...screen.getByTestId('expression').querySelectorAll('[data-column]')].map(
      (span) => [span.textContent, span.getAttribute('data-kind')],
    );
    expect(kinds).toEqual([
      ['`Revenue`', 'column'],
      ['`Profit`', 'missing'],
      ['`Gross Margin`', 'field'],
      ['`Old Margin`', 'field'],
    ]);

    fireEvent.click(
      within(referenceRow('Gross Margin')).getByRole('link', { name: 'Gross Margin' }),
    );
    expect(screen.getByTestId('address')).toHaveTextContent('/fields/20?sort=name');
  });

  test('names the references that break each link and the data source that lacks them', async () => {
    show();
    const links = section('Links');
    await waitFor(() =>
      expect(
        links.getAllByText('`Profit` is neither a column nor a calculated field of Sales Orders.'),
      ).toHaveLength(2),
    );
  });

  test('lists the fields it references and those that reference it, each a link', async () => {
    const instance = show({ dependents: { 30: [20, 21] } });
    const dependencies = section('Dependencies');
    const uses = within(
      await dependencies.findByRole('list', { name: 'Fields this one references' }),
    );
    expect(uses.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Gross Margin',
      'Old Margin',
    ]);
    const usedBy = within(
      await dependencies.findByRole('list', { name: 'Fields that reference this one' }),
    );
    expect(usedBy.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/fields/20?sort=name',
      '/fields/21?sort=name',
    ]);
    expect(dependencies.getByText(/2 fields reference this one/)).toBeInTheDocument();
    expect(instance.searches).toContainEqual(
      expect.objectContaining({ filters: [{ field: 'templateDependencies', value: '30' }] }),
    );
    // Both reference it back: a cycle the drawer can see.
    expect(
      await screen.findByText(/which reference it back: a reference cycle/),
    ).toBeInTheDocument();
  });

  test('flags a reference to an archived field among the lint findings', async () => {
    show();
    const findings = within(await screen.findByRole('list', { name: 'Lint findings' }));
    await waitFor(() =>
      expect(findings.getByText('Reference to an archived field')).toBeInTheDocument(),
    );
  });

  test('says when the instance cannot list the fields that reference this one', async () => {
    show({ dependents: 'unsupported' });
    expect(
      await screen.findByText('This instance cannot list the fields that reference another.'),
    ).toBeInTheDocument();
  });
});

describe('without the directory, as on a real instance', () => {
  test('shows ids, says what the instance reports and that column lists are not available', async () => {
    show({ directory: 'missing' });
    const links = section('Links');
    await waitFor(() =>
      expect(links.getAllByText(/does not list its data sources’ columns/)).toHaveLength(2),
    );
    expect(links.getByText(SALES)).toBeInTheDocument();
    expect(links.getByText('dr:1:1')).toBeInTheDocument();
    expect(screen.getAllByText('7').length).toBeGreaterThan(0);
    expect(screen.queryByText('Ada Lovelace')).toBeNull();

    await waitFor(() => expect(referenceRow('Gross Margin')).toHaveTextContent('calculated field'));
    expect(referenceRow('Profit')).toHaveTextContent(
      `Not a calculated field of ${SALES}; this instance does not list columns`,
    );
    expect(
      links.getAllByText(/Not calculated fields of this data source: `Revenue` and `Profit`/),
    ).toHaveLength(1);
  });
});
