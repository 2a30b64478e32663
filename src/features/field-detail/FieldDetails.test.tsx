import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, searchItem, setupMockApi } from '../../api/test-support/mock-api';
import { dataSourceLink, mockInstance, SALES, smallDirectory } from './test-support/mock-instance';
import { renderDetails } from './test-support/render-details';

const server = setupMockApi();
// Rendering the whole drawer in the test DOM takes seconds on a busy machine; answers wait their turn.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  localStorage.clear();
});

const expression =
  "SUM(`Revenue`) / NULLIF(COUNT(`Region`), 0) * SUM(`Revenue`) + '<b>not html</b>'";
const field = calculatedField(7, {
  expression,
  functions: [
    'SUM',
    'SERVICE_OP_DIVIDE',
    'NULLIF',
    'COUNT',
    'SERVICE_OP_MULTIPLY',
    'SERVICE_OP_ADD',
  ],
  links: [dataSourceLink(SALES)],
});

function showField(shown = field) {
  mockInstance(server, { fields: [shown], directory: smallDirectory });
  return renderDetails({ complete: true, field: shown });
}

const expressionBlock = () => screen.getByTestId('expression');
const references = () => within(screen.getByRole('region', { name: 'References' }));
const marked = (selector: string) =>
  [...expressionBlock().querySelectorAll(selector)].map((span) => span.textContent);

describe('the expression', () => {
  test('comes first, as text, markup included, with each reference marked', () => {
    showField();
    const headings = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings[0]).toBe('Expression');
    expect(headings.indexOf('Details')).toBe(headings.length - 1);
    expect(expressionBlock()).toHaveTextContent(expression, { normalizeWhitespace: false });
    expect(expressionBlock().querySelector('b')).toBeNull();
    expect(marked('[data-column]')).toEqual(['`Revenue`', '`Region`', '`Revenue`']);
  });

  test('pointing at a name lights its uses; each click shows the next one', () => {
    showField();
    const revenue = references().getByRole('button', { name: /`Revenue`/ });

    fireEvent.mouseEnter(revenue);
    expect(marked('[data-active]')).toEqual(['`Revenue`', '`Revenue`']);
    fireEvent.mouseLeave(revenue);
    expect(marked('[data-active]')).toEqual([]);

    const currentOffset = () => {
      const current = expressionBlock().querySelector('[data-current]')!;
      const range = document.createRange();
      range.setStart(expressionBlock(), 0);
      range.setEndBefore(current);
      return range.toString().length;
    };
    fireEvent.click(revenue);
    expect(currentOffset()).toBe(4);
    expect(screen.getByText('Revenue: use 1 of 2', { exact: false })).toBeInTheDocument();
    fireEvent.click(revenue);
    expect(currentOffset()).toBe(expression.indexOf('`Revenue`', 5));
    fireEvent.click(revenue);
    expect(currentOffset()).toBe(4);
  });

  test('lists each name once with its use count; positions only on request', () => {
    showField();
    const rows = () =>
      references()
        .getAllByRole('row')
        .map((row) => row.textContent);
    expect(rows()[1]).toMatch(/^`Revenue`.*used 2 times$/);
    expect(rows()[2]).toMatch(/^`Region`.*used once$/);
    const positions = `4, ${expression.indexOf('`Revenue`', 5)}`;
    expect(references().queryByText(positions)).toBeNull();

    fireEvent.click(references().getByRole('switch', { name: 'Show positions' }));
    expect(references().getByText(positions)).toBeInTheDocument();
  });

  test('formatted, it lays the text over lines and keeps every mark on its text', () => {
    const long =
      "CASE WHEN `Region` = 'West' THEN SUM(`Revenue`) WHEN `Region` = NULL THEN 0 ELSE SUM(`Cost`) END";
    showField(calculatedField(8, { expression: long, links: [dataSourceLink(SALES)] }));
    fireEvent.click(screen.getByText('Formatted'));

    expect(expressionBlock().textContent).toBe(
      [
        'CASE',
        "  WHEN `Region` = 'West' THEN SUM(`Revenue`)",
        '  WHEN `Region` = NULL THEN 0',
        '  ELSE SUM(`Cost`)',
        'END',
      ].join('\n'),
    );
    expect(marked('[data-column]')).toEqual(['`Region`', '`Revenue`', '`Region`', '`Cost`']);
    expect(marked('[data-finding]')).toContain('=');
    expect(expressionBlock().querySelectorAll('[data-line]')).toHaveLength(5);
  });
});

describe('why it is invalid', () => {
  test('states each problem in words, marks its place and its line, and shows it on request', () => {
    const broken = calculatedField(9, {
      expression: 'SUM(`Revenue`) + ’x’',
      status: 'INVALID',
      links: [dataSourceLink(SALES)],
    });
    showField(broken);

    const problems = within(screen.getByRole('list', { name: 'Problems' }));
    expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "typographic quote ’ (U+2019) at position 17: use ' insteadShow in the expression",
      "typographic quote ’ (U+2019) at position 19: use ' insteadShow in the expression",
    ]);
    expect(marked('[data-problem]')).toEqual(['’', '’']);
    expect(expressionBlock().querySelector('[data-line="1"]')).toHaveAttribute(
      'data-tone',
      'error',
    );

    fireEvent.click(problems.getAllByRole('button', { name: 'Show in the expression' })[1]!);
    expect(marked('[data-current]')).toEqual(['’']);
    expect(expressionBlock().querySelector('[data-current]')).toBe(
      expressionBlock().querySelectorAll('[data-problem]')[1],
    );
  });

  test('marks a missing END at the CASE and explains it', () => {
    showField(
      calculatedField(10, {
        expression: 'CASE WHEN `Region` THEN 1',
        status: 'INVALID',
        links: [dataSourceLink(SALES)],
      }),
    );
    expect(screen.getByText('CASE at position 0 has no END')).toBeInTheDocument();
    expect(marked('[data-problem]')).toEqual(['CASE']);
  });

  test('says so honestly when the instance reports INVALID and the analyzer finds nothing', () => {
    showField(calculatedField(11, { expression: 'SUM(`Revenue`)', status: 'INVALID' }));
    expect(
      screen.getByText('The instance reports INVALID, but the analyzer finds no problem'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Problems' })).toBeNull();
  });
});

describe('lint findings', () => {
  test('each with its rule, its message, its place, and why and how to fix it on request', async () => {
    showField(
      calculatedField(12, {
        expression: 'CASE WHEN `Region` = NULL THEN `Revenue` / `Cost` END',
        links: [dataSourceLink(SALES)],
      }),
    );
    const findings = within(screen.getByRole('list', { name: 'Lint findings' }));
    const items = findings.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'CASE without ELSE',
      'Comparison with NULL',
      'Division without a zero guard',
    ]);
    expect(items[1]).toHaveTextContent("'=' with NULL at position 19 is never true: use IS NULL");

    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Why and how to fix' }));
    await waitFor(() =>
      expect(within(items[1]!).getByText(/Write `x IS NULL` or `x IS NOT NULL`/)).toBeVisible(),
    );

    fireEvent.click(within(items[2]!).getByRole('button', { name: 'Show in the expression' }));
    expect(marked('[data-current]')).toEqual(['/']);
    expect(expressionBlock().querySelector('[data-line="1"]')).toHaveAttribute(
      'data-tone',
      'error',
    );
  });

  test('says when there is nothing to improve', () => {
    showField(
      calculatedField(13, { expression: 'SUM(`Revenue`)', links: [dataSourceLink(SALES)] }),
    );
    expect(screen.getByText('The lint rules find nothing to improve.')).toBeInTheDocument();
  });
});

test('operators are shown by symbol and name, functions by name', () => {
  showField();
  const chips = within(screen.getByRole('region', { name: 'Functions and operators' }));
  const shown = field.functions.map((name) => chips.getByTitle(name).textContent);
  expect(shown).toEqual(['SUM', '/divide', 'NULLIF', 'COUNT', '*multiply', '+add']);
});

test('from a search result alone it says details are not available and shows what it has', () => {
  mockInstance(server, { fields: [], directory: smallDirectory });
  renderDetails({ complete: false, field: searchItem(7, { legacyId: 'calculation_abc' }) });

  expect(screen.getByText('Details are not available here')).toBeInTheDocument();
  expect(screen.queryByTestId('expression')).toBeNull();
  expect(screen.getByText('calculation_abc')).toBeInTheDocument();
  expect(screen.queryByText('Check sum')).toBeNull();
});
