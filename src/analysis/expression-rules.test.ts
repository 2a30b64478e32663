import { describe, expect, it } from 'vitest';
import { analyzeExpression } from './analyze-expression';

// One table per rule of docs/expressions.md.

function messagesOf(expression: string): string[] {
  return analyzeExpression(expression).problems.map((problem) => problem.message);
}

function positionsOf(expression: string): number[] {
  return analyzeExpression(expression).columnPositions.map((position) => position.columnPosition);
}

describe('functions are listed in production order', () => {
  // Built like production's documented example: a weekly comparison that calls
  // Current_Date() eight times, with SUM, ADDDATE, DATEDIFF and all four operators.
  const documentedShape = [
    'SUM(CASE WHEN DATEDIFF(Current_Date(), `Order Date`) < 7 * 4',
    '  AND DATEDIFF(Current_Date(), `Order Date`) >= 0 THEN `Sales` END)',
    '- SUM(CASE WHEN DATEDIFF(ADDDATE(Current_Date(), -364), `Order Date`) < 7 * 4',
    '  AND DATEDIFF(ADDDATE(Current_Date(), -364), `Order Date`) >= 0 THEN `Sales` END)',
    '/ SUM(CASE WHEN DATEDIFF(ADDDATE(Current_Date(), -364), `Order Date`) < 7 * 4',
    '  AND DATEDIFF(ADDDATE(Current_Date(), -364), `Order Date`) >= 0 THEN `Sales` END)',
    '+ 0 * DATEDIFF(Current_Date(), Current_Date())',
  ].join('\n');

  it('reproduces the worked example of the contract exactly', () => {
    expect(documentedShape.match(/Current_Date\(\)/g)).toHaveLength(8);
    expect(analyzeExpression(documentedShape)).toMatchObject({
      status: 'VALID',
      functions: [
        'SERVICE_OP_SUBTRACT',
        'ADDDATE',
        'SERVICE_OP_MULTIPLY',
        'SUM',
        'DATEDIFF',
        'SERVICE_OP_ADD',
        'SERVICE_OP_DIVIDE',
      ],
    });
  });

  it.each([
    ['`a` + `b` * `c`', ['SERVICE_OP_MULTIPLY', 'SERVICE_OP_ADD']],
    ['`a` * `b` + `c`', ['SERVICE_OP_MULTIPLY', 'SERVICE_OP_ADD']],
    // Buckets of 16: UPPER 1, LOWER 5, CONCAT 6, SERVICE_OP_ADD 12.
    ['CONCAT(UPPER(`a`), LOWER(`b`))', ['UPPER', 'LOWER', 'CONCAT']],
    ['LOWER(`b`) + CONCAT(UPPER(`a`))', ['UPPER', 'LOWER', 'CONCAT', 'SERVICE_OP_ADD']],
  ])('%s gives %j whatever the order of first use', (expression, functions) => {
    expect(analyzeExpression(expression).functions).toEqual(functions);
  });

  it('keeps the order of first use for names sharing a bucket', () => {
    // LOWER and SERVICE_OP_MULTIPLY both fall in bucket 5.
    expect(analyzeExpression('LOWER(`a`) * 2').functions).toEqual(['LOWER', 'SERVICE_OP_MULTIPLY']);
    expect(analyzeExpression('2 * LOWER(`a`)').functions).toEqual(['SERVICE_OP_MULTIPLY', 'LOWER']);
  });
});

describe('CURRENT_DATE is not listed', () => {
  it.each([
    ['CURRENT_DATE()', []],
    ['Current_Date()', []],
    ['current_date ()', []],
    ['CURRENT_DATE', []],
    ['DATEDIFF(CURRENT_DATE(), `d`)', ['DATEDIFF']],
    ['CURDATE() - 1', ['CURDATE', 'SERVICE_OP_SUBTRACT']],
  ])('%s gives %j', (expression, functions) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.status).toBe('VALID');
    expect([...analysis.functions].sort()).toEqual([...functions].sort());
  });
});

describe('comments', () => {
  it.each([
    ['SUM(`a`) -- total of `b`', ['`a`'], ['SUM']],
    ['SUM(`a`) -- note\n+ `c`', ['`a`', '`c`'], ['SUM', 'SERVICE_OP_ADD']],
    ['-- leading note\nSUM(`a`)', ['`a`'], ['SUM']],
    ['SUM(`a`) /* not COUNT(`b`) - 1 */ + 1', ['`a`'], ['SUM', 'SERVICE_OP_ADD']],
    ['/* multi\nline */ `a`', ['`a`'], []],
    ['`a` /**/ * 2', ['`a`'], ['SERVICE_OP_MULTIPLY']],
    ["'-- not a comment' || `a`", ['`a`'], []],
    ["'/* not a comment */' || `a`", ['`a`'], []],
    ['`-- a name` + 1', ['`-- a name`'], ['SERVICE_OP_ADD']],
    ['`a`--1', ['`a`'], []],
    ['`a` - -1', ['`a`'], ['SERVICE_OP_SUBTRACT']],
  ])('%j: references %j, functions %j', (expression, columns, functions) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.problems).toEqual([]);
    expect(analysis.columnPositions.map((position) => position.columnName)).toEqual(columns);
    expect([...analysis.functions].sort()).toEqual([...functions].sort());
  });

  it('counts offsets in the original text, comments included', () => {
    expect(positionsOf('/* 10 chars */`a` + `b`')).toEqual([14, 20]);
    expect(positionsOf('-- x\r\n`a`')).toEqual([6]);
  });

  it('an unclosed block comment is INVALID', () => {
    expect(analyzeExpression('SUM(`a`) /* note')).toMatchObject({
      status: 'INVALID',
      problems: [
        {
          start: 9,
          end: 11,
          message: 'the comment opened with /* at position 9 is never closed; end it with */',
        },
      ],
    });
  });

  it('a comment is not an expression', () => {
    expect(messagesOf('-- only a note')).toEqual(['expression is empty']);
    expect(messagesOf('/* only */')).toEqual(['expression is empty']);
  });
});

describe('double-quoted strings', () => {
  it.each([
    ['CONCAT("a", `b`)', ['`b`']],
    ['"it""s `not` a reference"', []],
    ['CASE WHEN `a` = "x" THEN "y" END', ['`a`']],
  ])('%j', (expression, columns) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.status).toBe('VALID');
    expect(analysis.columnPositions.map((position) => position.columnName)).toEqual(columns);
  });
});

describe('every Unicode space separates tokens', () => {
  it.each([
    ['no-break space', '\u00a0'],
    ['narrow no-break space', '\u202f'],
    ['em space', '\u2003'],
    ['figure space', '\u2007'],
    ['ideographic space', '\u3000'],
    ['line separator', '\u2028'],
    ['next line', '\u0085'],
    ['vertical tab', '\u000b'],
    ['form feed', '\f'],
  ])('%s', (_name, space) => {
    const expression = `SUM(\`a\`)${space}*${space}2${space}-${space}\`b\``;
    expect(analyzeExpression(expression)).toMatchObject({
      status: 'VALID',
      problems: [],
      columnPositions: [
        { columnName: '`a`', columnPosition: 4 },
        { columnName: '`b`', columnPosition: 15 },
      ],
    });
    expect([...analyzeExpression(expression).functions].sort()).toEqual([
      'SERVICE_OP_MULTIPLY',
      'SERVICE_OP_SUBTRACT',
      'SUM',
    ]);
  });
});

describe('invisible characters and typographic quotes are INVALID, named with their offset', () => {
  it.each([
    ['1 \u200b+ 2', 2, 'zero-width space (U+200B) at position 2: delete it'],
    ['SUM(`a`)\u200c', 8, 'zero-width non-joiner (U+200C) at position 8: delete it'],
    ['\u200dSUM(`a`)', 0, 'zero-width joiner (U+200D) at position 0: delete it'],
    ['`a` +\u2060 1', 5, 'word joiner (U+2060) at position 5: delete it'],
    ['\ufeffSUM(`a`)', 0, 'zero-width no-break space (U+FEFF) at position 0: delete it'],
  ])('%j', (expression, start, message) => {
    expect(analyzeExpression(expression)).toMatchObject({
      status: 'INVALID',
      problems: [{ start, end: start + 1, message }],
    });
  });

  it('allows them inside strings and backtick names', () => {
    expect(analyzeExpression("CONCAT('a\u200bb', `c\u200bd`, '‘x’', `Owner’s`)")).toMatchObject({
      status: 'VALID',
      problems: [],
    });
  });

  it.each([
    [
      'CASE WHEN `Status` = ‘Closed’ THEN 1 END',
      [
        "typographic quote ‘ (U+2018) at position 21: use ' instead",
        "typographic quote ’ (U+2019) at position 28: use ' instead",
      ],
    ],
    [
      'CONCAT(`a`, “ ”)',
      [
        'typographic quote “ (U+201C) at position 12: use " instead',
        'typographic quote ” (U+201D) at position 14: use " instead',
      ],
    ],
    ["`a` = ’x'", ["typographic quote ’ (U+2019) at position 6: use ' instead"]],
    [
      // A quote with no partner is skipped; what is left is checked as written.
      '`a` ’ 1',
      [
        "typographic quote ’ (U+2019) at position 4: use ' instead",
        'missing operator between `a` at position 0 and 1 at position 6',
      ],
    ],
    [
      "CASE WHEN `a` = 'Last Year’ END",
      [
        "unclosed single quote at position 16: the typographic quote ’ at position 26 does not close it; use '",
      ],
    ],
  ])('%j', (expression, messages) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.status).toBe('INVALID');
    expect(analysis.problems.map((problem) => problem.message)).toEqual(messages);
  });

  it('reads a typographically quoted text as the string it was meant to be', () => {
    const analysis = analyzeExpression("CASE WHEN `a` = ‘New York’ THEN 'x' END");
    // Only the quotes are wrong: no complaint about New and York.
    expect(analysis.problems).toHaveLength(2);
    expect(analysis.functions).toEqual([]);
  });

  it('gives the span of each problem', () => {
    expect(analyzeExpression('SUM(`a`').problems).toEqual([
      { start: 3, end: 4, message: "missing ')' to close the '(' at position 3" },
    ]);
    expect(analyzeExpression('`a` `b`').problems).toEqual([
      {
        start: 4,
        end: 7,
        message: 'missing operator between `a` at position 0 and `b` at position 4',
      },
    ]);
    expect(analyzeExpression('CASE WHEN `a` THEN 1').problems).toEqual([
      { start: 0, end: 4, message: 'CASE at position 0 has no END' },
    ]);
  });
});

describe('FIXED (level of detail)', () => {
  it.each([
    ['SUM(SUM(`Total Sales`) FIXED ())', ['`Total Sales`']],
    ['SUM(SUM(`Total Sales`) FIXED (BY `Region`))', ['`Total Sales`', '`Region`']],
    ['SUM(`Sales`) FIXED (BY `Region`, `Year`)', ['`Sales`', '`Region`', '`Year`']],
    ['MAX(SUM(`Total Sales`) FIXED (ADD `City`))', ['`Total Sales`', '`City`']],
    ['AVG(AVG(`Unit Price`) FIXED (REMOVE `Category`))', ['`Unit Price`', '`Category`']],
    ['SUM(SUM(`S`) FIXED (BY `R` FILTER NONE))', ['`S`', '`R`']],
    ['SUM(SUM(`S`) FIXED (BY `R` FILTER ALLOW `C`))', ['`S`', '`R`', '`C`']],
    ['SUM(SUM(`S`) FIXED (BY `R` FILTER DENY `State`, `C`))', ['`S`', '`R`', '`State`', '`C`']],
    ['SUM(SUM(`S`) FIXED (FILTER NONE))', ['`S`']],
    ['SUM(SUM(`S`) FIXED (REMOVE `R` FILTER ALLOW YEAR(`D`)))', ['`S`', '`R`', '`D`']],
    ['sum(sum(`S`) fixed (by `R` filter deny `C`))', ['`S`', '`R`', '`C`']],
    ['SUM(SUM(1) FIXED ( BY Region))', []],
    ['SUM(`S`) / SUM(SUM(`S`) FIXED (BY `R`))', ['`S`', '`S`', '`R`']],
  ])('%s is VALID, analytic and aggregated', (expression, columns) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.problems).toEqual([]);
    expect(analysis).toMatchObject({ status: 'VALID', analytic: true, aggregated: true });
    expect(analysis.columnPositions.map((position) => position.columnName)).toEqual(columns);
    expect(
      analysis.functions.filter((name) => !['SUM', 'MAX', 'AVG', 'YEAR'].includes(name)),
    ).toEqual(expression.includes(' / ') ? ['SERVICE_OP_DIVIDE'] : []);
  });

  it('does not list the FIXED words as functions, even before a parenthesis', () => {
    expect(analyzeExpression('SUM(SUM(`S`) FIXED (BY (`R`) FILTER ALLOW (`C`)))')).toMatchObject({
      status: 'VALID',
      functions: ['SUM'],
    });
  });

  it('outside a FIXED clause its words are ordinary names', () => {
    expect(analyzeExpression('ADD(`a`, 1) + NONE + FILTER')).toMatchObject({
      status: 'VALID',
      analytic: false,
    });
    expect(analyzeExpression('FIXED(`a`)')).toMatchObject({
      status: 'VALID',
      analytic: false,
      functions: ['FIXED'],
    });
  });

  it.each([
    ['SUM(`a`) FIXED (BY)', "expected a value before ')' at position 18"],
    [
      'SUM(`a`) FIXED (FILTER)',
      'FILTER at position 16 must be followed by NONE, or by ALLOW or DENY and columns',
    ],
    ['SUM(`a`) FIXED (FILTER ALLOW)', "expected a value before ')' at position 28"],
    [
      'SUM(`a`) FIXED (`b`)',
      "unexpected `b` at position 16; expected BY, ADD, REMOVE, FILTER or ')' in the FIXED clause at position 9",
    ],
    [
      'SUM(`a`) FIXED (FILTER NONE `b`)',
      'missing operator between NONE at position 23 and `b` at position 28',
    ],
    ['SUM(`a`) FIXED (BY `b`', "missing ')' to close the '(' at position 15"],
    ['SUM(`a`) FIXED', "missing operator between ')' at position 7 and FIXED at position 9"],
  ])('%s is INVALID: %s', (expression, message) => {
    expect(messagesOf(expression)).toEqual([message]);
  });
});

describe('unary and binary minus', () => {
  it.each([
    ['-1', []],
    ['-`a`', []],
    ['`a` * -1', ['SERVICE_OP_MULTIPLY']],
    ['(-1)', []],
    ['ROUND(`a`, -2)', ['ROUND']],
    ['CASE WHEN `a` THEN -1 ELSE -2 END', []],
    ['`a` BETWEEN -1 AND -2', []],
    ['NOT -1', []],
    ['SUM(`a`) FIXED (REMOVE -`b`)', ['SUM']],
    ['CASE WHEN `a` THEN 1 END) -1', null],
    ['(CASE WHEN `a` THEN 1 END) -1', ['SERVICE_OP_SUBTRACT']],
    ['x -1', ['SERVICE_OP_SUBTRACT']],
    ['`a` -1', ['SERVICE_OP_SUBTRACT']],
    ['1-1', ['SERVICE_OP_SUBTRACT']],
    ['SUM(`a`)-1', ['SUM', 'SERVICE_OP_SUBTRACT']],
    ['CURRENT_DATE - 1', ['SERVICE_OP_SUBTRACT']],
    ['NULL -1', ['SERVICE_OP_SUBTRACT']],
  ])('%s lists %j', (expression, functions) => {
    const analysis = analyzeExpression(expression);
    if (functions === null) {
      expect(analysis.status).toBe('INVALID');
      expect(analysis.functions).toEqual(['SERVICE_OP_SUBTRACT']);
      return;
    }
    expect(analysis.status).toBe('VALID');
    expect([...analysis.functions].sort()).toEqual([...functions].sort());
  });
});

describe('references keep their spans for editors', () => {
  it('gives each reference its name and span, repeats kept', () => {
    expect(analyzeExpression("`a b` + 'x' + `a b`").references).toEqual([
      { name: 'a b', start: 0, end: 5 },
      { name: 'a b', start: 14, end: 19 },
    ]);
  });
});
