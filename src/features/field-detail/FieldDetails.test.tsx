import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FieldDetail } from '../../api/calculated-fields/get-field';
import { calculatedField, searchItem } from '../../api/test-support/mock-api';
import { FieldDetails } from './FieldDetails';

function renderDetails(detail: FieldDetail) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <FieldDetails detail={detail} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const expression = "SUM(`Amount`) / NULLIF(COUNT(`Order`), 0) * SUM(`Amount`) + '<b>not html</b>'";
const field = calculatedField(7, {
  expression,
  columnPositions: [
    { columnName: '`Amount`', columnPosition: 4 },
    { columnName: '`Order`', columnPosition: 29 },
    { columnName: '`Amount`', columnPosition: 48 },
  ],
  functions: [
    'SUM',
    'SERVICE_OP_DIVIDE',
    'NULLIF',
    'COUNT',
    'SERVICE_OP_MULTIPLY',
    'SERVICE_OP_ADD',
  ],
  links: [
    { resource: { type: 'DATA_SOURCE', id: 'ds-1' }, visible: true, active: true, valid: 'VALID' },
    {
      resource: { type: 'CARD', id: 'dr:1:2' },
      visible: false,
      active: true,
      valid: 'ILLEGAL_REFERENCE',
    },
  ],
});

function expressionBlock() {
  return screen.getByTestId('expression');
}

describe('the expression', () => {
  test('is shown as text, markup included, with each column use marked', () => {
    renderDetails({ complete: true, field });

    expect(expressionBlock()).toHaveTextContent(expression, { normalizeWhitespace: false });
    expect(expressionBlock().querySelector('b')).toBeNull();
    const marked = [...expressionBlock().querySelectorAll('[data-column]')].map(
      (span) => span.textContent,
    );
    expect(marked).toEqual(['`Amount`', '`Order`', '`Amount`']);
  });

  test("pointing at a column's chip marks only that column's uses; a click keeps them marked", () => {
    renderDetails({ complete: true, field });
    const columns = within(screen.getByRole('region', { name: 'Columns' }));
    const amount = columns.getByRole('button', { name: '`Amount`' });
    const active = () =>
      [...expressionBlock().querySelectorAll('[data-active]')].map((span) => span.textContent);

    fireEvent.mouseEnter(amount);
    expect(active()).toEqual(['`Amount`', '`Amount`']);
    fireEvent.mouseLeave(amount);
    expect(active()).toEqual([]);

    fireEvent.click(columns.getByRole('button', { name: '`Order`' }));
    expect(active()).toEqual(['`Order`']);
    expect(columns.getByRole('button', { name: '`Order`' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('the columns table counts the uses of each column', () => {
    renderDetails({ complete: true, field });
    const rows = within(screen.getByRole('region', { name: 'Columns' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ColumnPositionsUses',
      '`Amount`4, 482',
      '`Order`291',
    ]);
  });
});

test('operators are shown by symbol and name, functions by name', () => {
  renderDetails({ complete: true, field });
  const chips = within(screen.getByRole('region', { name: 'Functions and operators' }));
  const shown = field.functions.map((name) => chips.getByTitle(name).textContent);
  expect(shown).toEqual(['SUM', '/divide', 'NULLIF', 'COUNT', '*multiply', '+add']);
});

test('a link that is not VALID is marked', () => {
  renderDetails({ complete: true, field });
  const links = within(screen.getByRole('region', { name: 'Links' }));
  const illegal = links.getByText('ILLEGAL_REFERENCE').closest('tr');
  expect(illegal).toHaveTextContent('Carddr:1:2NoYes');
  expect(links.getByText('ds-1').closest('tr')).not.toHaveTextContent('ILLEGAL_REFERENCE');
});

test('from a search result alone it says details are not available and shows what it has', () => {
  renderDetails({ complete: false, field: searchItem(7, { legacyId: 'calculation_abc' }) });

  expect(screen.getByText('Details are not available here')).toBeInTheDocument();
  expect(screen.queryByTestId('expression')).toBeNull();
  expect(screen.getByText('calculation_abc')).toBeInTheDocument();
  expect(screen.queryByText('Check sum')).toBeNull();
});
