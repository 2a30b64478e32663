import { describe, expect, test } from 'vitest';
import { columnUsage, expressionSegments } from './expression-segments';

describe('expressionSegments', () => {
  test('cuts the expression at each reported column position', () => {
    const expression = 'SUM(`Amount`) / COUNT(`Order Id`)';
    const segments = expressionSegments(expression, [
      { columnName: '`Amount`', columnPosition: 4 },
      { columnName: '`Order Id`', columnPosition: 22 },
    ]);
    expect(segments).toEqual([
      { text: 'SUM(' },
      { text: '`Amount`', column: '`Amount`' },
      { text: ') / COUNT(' },
      { text: '`Order Id`', column: '`Order Id`' },
      { text: ')' },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(expression);
  });

  test('highlights every use of a column used twice, in any reported order', () => {
    const expression = '`a` * `b` + `a`';
    const segments = expressionSegments(expression, [
      { columnName: '`a`', columnPosition: 12 },
      { columnName: '`a`', columnPosition: 0 },
      { columnName: '`b`', columnPosition: 6 },
    ]);
    expect(segments.filter((segment) => segment.column).map((segment) => segment.text)).toEqual([
      '`a`',
      '`b`',
      '`a`',
    ]);
    expect(segments[0]).toEqual({ text: '`a`', column: '`a`' });
    expect(segments.at(-1)).toEqual({ text: '`a`', column: '`a`' });
  });

  test('uses the offsets as given, without looking for references itself', () => {
    // A backtick inside a string is not a reference; the server says so by not listing it.
    const expression = "CONCAT('`x`', `y`)";
    const segments = expressionSegments(expression, [{ columnName: '`y`', columnPosition: 14 }]);
    expect(segments.filter((segment) => segment.column)).toEqual([{ text: '`y`', column: '`y`' }]);
  });

  test('an offset that does not point at its column is not highlighted', () => {
    const expression = 'SUM(`Amount`)';
    expect(expressionSegments(expression, [{ columnName: '`Amount`', columnPosition: 3 }])).toEqual(
      [{ text: expression }],
    );
    expect(
      expressionSegments(expression, [{ columnName: '`Amount`', columnPosition: 99 }]),
    ).toEqual([{ text: expression }]);
  });

  test('text after a non-ASCII character keeps its offsets', () => {
    const expression = "IF(`Région` = 'é', `Total €`, 0)";
    const segments = expressionSegments(expression, [
      { columnName: '`Région`', columnPosition: 3 },
      { columnName: '`Total €`', columnPosition: 19 },
    ]);
    expect(segments.filter((segment) => segment.column).map((segment) => segment.text)).toEqual([
      '`Région`',
      '`Total €`',
    ]);
  });

  test('an expression without columns is one plain segment; an empty one has none', () => {
    expect(expressionSegments('1 + 2', [])).toEqual([{ text: '1 + 2' }]);
    expect(expressionSegments('', [])).toEqual([]);
  });
});

describe('columnUsage', () => {
  test('groups the positions of each column, in order of first use', () => {
    expect(
      columnUsage([
        { columnName: '`b`', columnPosition: 0 },
        { columnName: '`a`', columnPosition: 6 },
        { columnName: '`b`', columnPosition: 12 },
      ]),
    ).toEqual([
      { columnName: '`b`', positions: [0, 12] },
      { columnName: '`a`', positions: [6] },
    ]);
  });
});
