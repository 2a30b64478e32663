import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import type { CalculatedField } from '../../contract/field';
import { fixLink } from '../../links/fix-link';
import {
  cardLink,
  dataSourceLink,
  functionTemplateLink,
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
// Nests 20, 21 and 99, which no field has; `Gross Margin` between backticks is a column.
const field = calculatedField(30, {
  name: 'Margin Check',
  owner: 7,
  status: 'INVALID',
  expression:
    'SUM(`Revenue`) - SUM(`Profit`) + SERVICE_BEAST_MODE(20) + SERVICE_BEAST_MODE( 21 ) + SERVICE_BEAST_MODE(99) + `Gross Margin`',
  links: [
    dataSourceLink(SALES, 'ILLEGAL_REFERENCE'),
    cardLink('dr:1:1', 'ILLEGAL_REFERENCE'),
    functionTemplateLink(20),
    functionTemplateLink(21),
    functionTemplateLink(99, 'ILLEGAL_REFERENCE'),
  ],
  functionTemplateDependencies: [20, 21, 99],
});
const instanceFields = [grossMargin, oldMargin, field];

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
/** The row of a backtick name, or of `SERVICE_BEAST_MODE(<id>)`. */
const referenceRow = (label: string) =>
  section('References')
    .getAllByRole('row')
    .find((row) => row.textContent?.startsWith(label))!;

describe('with the directory', () => {
  test('names the owner, data sources and cards, with each id on hover and to copy', async () => {
    show();
    expect(await screen.findAllByText('Ada Lovelace')).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Copy the owner id 7' })).not.toHaveLength(0);
    const links = section('Links');
    // The data source's own row, and under the card: "on Sales Orders".
    expect(links.getAllByText('Sales Orders')).toHaveLength(2);
    expect(links.getByText('Revenue by Region')).toBeInTheDocument();
    expect(links.getByText('Revenue by Region').closest('td')).toHaveTextContent('on Sales Orders');
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

  test('shows each nested field by name (a link that opens it), and a backtick name as a column', async () => {
    show();
    await waitFor(() =>
      expect(referenceRow('SERVICE_BEAST_MODE(20)')).toHaveTextContent(
        'calculated fieldGross Margin',
      ),
    );
    expect(referenceRow('SERVICE_BEAST_MODE(21)')).toHaveTextContent('Old Margin');
    expect(referenceRow('`Revenue`')).toHaveTextContent('Column of Sales Orders.');
    expect(referenceRow('`Profit`')).toHaveTextContent('Not a column of Sales Orders.');
    // A field of that name on the data source changes nothing: a backtick name is a column.
    expect(referenceRow('`Gross Margin`')).toHaveTextContent('Not a column of Sales Orders.');
    // Each column, there or missing, opens its impact and remap on the data source.
    expect(
      within(referenceRow('`Profit`')).getByRole('link', {
        name: 'Impact and remap of `Profit` on Sales Orders',
      }),
    ).toHaveAttribute('href', fixLink({ workflow: 'remap', dataSource: SALES, column: 'Profit' }));
    expect(
      within(referenceRow('`Revenue`')).getByRole('link', { name: /Impact and remap/ }),
    ).toHaveTextContent('Impact and remap…');
    expect(
      within(referenceRow('SERVICE_BEAST_MODE(20)')).queryByRole('link', {
        name: /Impact and remap/,
      }),
    ).toBeNull();
    await waitFor(() =>
      expect(referenceRow('SERVICE_BEAST_MODE(99)')).toHaveTextContent(
        'No calculated field has the id 99',
      ),
    );
    const kinds = [...screen.getByTestId('expression').querySelectorAll('[data-column]')].map(
      (span) => [span.textContent, span.getAttribute('data-kind')],
    );
    expect(kinds).toEqual([
      ['`Revenue`', 'column'],
      ['`Profit`', 'missing'],
      ['SERVICE_BEAST_MODE(20)', 'field'],
      ['SERVICE_BEAST_MODE( 21 )', 'field'],
      ['SERVICE_BEAST_MODE(99)', 'missing'],
      ['`Gross Margin`', 'missing'],
    ]);

    fireEvent.click(
      within(referenceRow('SERVICE_BEAST_MODE(20)')).getByRole('link', { name: 'Gross Margin' }),
    );
    expect(screen.getByTestId('address')).toHaveTextContent('/fields/20?sort=name');
  });

  test('says which nested id has no field, at its offset, among the problems', async () => {
    show();
    const problems = within(await screen.findByRole('list', { name: 'Problems' }));
    expect(
      await problems.findByText(
        'SERVICE_BEAST_MODE(99) at position 85 references field 99, which does not exist',
      ),
    ).toBeInTheDocument();
  });

  test('an expression that parses but nests a missing field is still linted', async () => {
    const orphan = calculatedField(31, {
      name: 'Orphan',
      status: 'INVALID',
      expression: 'SERVICE_BEAST_MODE(99) * 1.1',
    });
    mockInstance(server, { fields: [orphan], directory: smallDirectory });
    renderDetails({ complete: true, field: orphan });
    await screen.findByText(
      'SERVICE_BEAST_MODE(99) at position 0 references field 99, which does not exist',
    );
    expect(screen.getByText('The lint rules find nothing to improve.')).toBeInTheDocument();
  });

  test('names the columns that break each link and the data source that lacks them', async () => {
    show();
    const links = section('Links');
    await waitFor(() =>
      expect(
        links.getAllByText('`Profit` and `Gross Margin` are not columns of Sales Orders.'),
      ).toHaveLength(2),
    );
  });

  test('lists the fields it nests and those that nest it, each a link', async () => {
    const instance = show({ dependents: { 30: [20, 21] } });
    const dependencies = section('Dependencies');
    const uses = within(
      await dependencies.findByRole('list', { name: 'Fields this one references' }),
    );
    await waitFor(() =>
      expect(uses.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Gross Margin',
        'Old Margin',
      ]),
    );
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
  });

  test('names a cycle it sees through a field that nests it back', async () => {
    const back = calculatedField(20, {
      name: 'Gross Margin',
      expression: 'SERVICE_BEAST_MODE(30) * 2',
      functionTemplateDependencies: [30],
    });
    mockInstance(server, { fields: [back, field], directory: smallDirectory, dependents: {} });
    renderDetails({ complete: true, field });
    expect(
      await screen.findByText(
        'part of a reference cycle: `Margin Check` → `Gross Margin` → `Margin Check`; a field cannot depend on itself',
      ),
    ).toBeInTheDocument();
  });

  test('flags a nested field that is archived among the lint findings', async () => {
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

    await waitFor(() =>
      expect(referenceRow('SERVICE_BEAST_MODE(20)')).toHaveTextContent('Gross Margin'),
    );
    expect(referenceRow('`Profit`')).toHaveTextContent(
      `This instance does not list the columns of ${SALES}`,
    );
  });
});
