import { describe, expect, it } from 'vitest';
import { analyzeExpression, referencedColumns } from './analyze-expression';
import { javaHashSetOrder } from './java-hash-set-order';

function functionsOf(expression: string): string[] {
  return analyzeExpression(expression).functions;
}

/**
 * Expected functions are written in order of first appearance; the analyzer lists
 * them in production's order, which java-hash-set-order.test.ts checks on its own.
 */
function inJavaOrder(names: string[]): string[] {
  return javaHashSetOrder(names);
}

/** What the service stores, without the reference spans that have tests of their own. */
function stored(expression: string) {
  const {
    references: _references,
    fieldReferences: _fields,
    ...rest
  } = analyzeExpression(expression);
  return rest;
}

describe('analyzeExpression on the contract examples', () => {
  it('ratio of aggregates with COUNT(DISTINCT ...)', () => {
    const expression = 'SUM(`Revenue`) / NULLIF(COUNT(DISTINCT `Order ID`), 0)';
    expect(stored(expression)).toEqual({
      columnPositions: [
        { columnName: '`Revenue`', columnPosition: 4 },
        { columnName: '`Order ID`', columnPosition: 39 },
      ],
      functions: inJavaOrder(['SUM', 'SERVICE_OP_DIVIDE', 'NULLIF', 'COUNT']),
      aggregated: true,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });

  it('CASE with a comparison, a function and NULL', () => {
    const expression =
      "CASE WHEN `Status` = 'Closed' THEN DATEDIFF(`Close Date`, `Open Date`) ELSE NULL END";
    expect(stored(expression)).toEqual({
      columnPositions: [
        { columnName: '`Status`', columnPosition: 10 },
        { columnName: '`Close Date`', columnPosition: 44 },
        { columnName: '`Open Date`', columnPosition: 58 },
      ],
      functions: ['DATEDIFF'],
      aggregated: false,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });

  it('window function', () => {
    const expression = 'SUM(`Sales`) OVER (PARTITION BY `Region`)';
    expect(stored(expression)).toEqual({
      columnPositions: [
        { columnName: '`Sales`', columnPosition: 4 },
        { columnName: '`Region`', columnPosition: 32 },
      ],
      functions: ['SUM'],
      aggregated: true,
      analytic: true,
      status: 'VALID',
      problems: [],
    });
  });

  it('nested calls and a string literal', () => {
    const expression = "CONCAT(UPPER(`First Name`), ' ', `Last Name`)";
    expect(stored(expression)).toEqual({
      columnPositions: [
        { columnName: '`First Name`', columnPosition: 13 },
        { columnName: '`Last Name`', columnPosition: 33 },
      ],
      functions: inJavaOrder(['CONCAT', 'UPPER']),
      aggregated: false,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });

  it('binary minus after a call', () => {
    const expression = 'ADDDATE(`Order Date`, 30) - 1';
    expect(stored(expression)).toEqual({
      columnPositions: [{ columnName: '`Order Date`', columnPosition: 8 }],
      functions: inJavaOrder(['ADDDATE', 'SERVICE_OP_SUBTRACT']),
      aggregated: false,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });
});

describe('operators', () => {
  it('names each of the four arithmetic operators', () => {
    const expression = '`Price` * `Quantity` + `Shipping` - `Discount` / 2';
    expect(stored(expression)).toEqual({
      columnPositions: [
        { columnName: '`Price`', columnPosition: 0 },
        { columnName: '`Quantity`', columnPosition: 10 },
        { columnName: '`Shipping`', columnPosition: 23 },
        { columnName: '`Discount`', columnPosition: 36 },
      ],
      functions: inJavaOrder([
        'SERVICE_OP_MULTIPLY',
        'SERVICE_OP_ADD',
        'SERVICE_OP_SUBTRACT',
        'SERVICE_OP_DIVIDE',
      ]),
      aggregated: false,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });

  it('lists each operator once however often it is used', () => {
    expect(functionsOf('1 + 2 + 3 * 4 * 5 + 6')).toEqual(
      inJavaOrder(['SERVICE_OP_ADD', 'SERVICE_OP_MULTIPLY']),
    );
  });

  it('reads operators written without spaces', () => {
    expect(functionsOf('`a`*`b`+`c`-`d`/`e`')).toEqual(
      inJavaOrder([
        'SERVICE_OP_MULTIPLY',
        'SERVICE_OP_ADD',
        'SERVICE_OP_SUBTRACT',
        'SERVICE_OP_DIVIDE',
      ]),
    );
  });

  it('accepts comparison, concatenation and modulo operators without listing them', () => {
    const analysis = analyzeExpression(
      "`a` % 2 = 0 AND `b` <> 'x' OR `c` != 1 AND `d` < 1 AND `e` > 1 AND `f` <= 1 AND `g` >= 1 AND `h` || 'x' = 'y'",
    );
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual([]);
  });

  it('accepts IN, NOT IN, LIKE, BETWEEN and IS [NOT] NULL', () => {
    const analysis = analyzeExpression(
      "`a` IN (1, 2) AND `b` NOT IN ('x') AND `c` LIKE 'A%' AND `d` NOT LIKE '%z' AND `e` BETWEEN 1 AND 10 AND `f` NOT BETWEEN 1 AND 2 AND `g` IS NULL AND `h` IS NOT NULL",
    );
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual([]);
    expect(referencedColumns(analysis)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('unary minus', () => {
  it.each([
    ['-1', []],
    ['`a` * -2', ['SERVICE_OP_MULTIPLY']],
    ['(-3)', []],
    ['ROUND(-3.5, 0)', ['ROUND']],
    ['-`Cost`', []],
    ['-(`Cost` * 2)', ['SERVICE_OP_MULTIPLY']],
    ['`a` - -1', ['SERVICE_OP_SUBTRACT']],
    ['`a` - - `b`', ['SERVICE_OP_SUBTRACT']],
    ['CASE WHEN `a` > 0 THEN -1 ELSE -2 END', []],
    ['`a` BETWEEN -1 AND -2', []],
    ['+5', []],
  ])('%s gives %j', (expression, functions) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual(functions);
  });

  it('treats a minus after an operand as binary even without a space', () => {
    expect(functionsOf('`a` -1')).toEqual(['SERVICE_OP_SUBTRACT']);
    expect(functionsOf('`a`-1')).toEqual(['SERVICE_OP_SUBTRACT']);
    expect(functionsOf('COUNT(`a`)-1')).toEqual(inJavaOrder(['COUNT', 'SERVICE_OP_SUBTRACT']));
    expect(functionsOf("'x'-1")).toEqual(['SERVICE_OP_SUBTRACT']);
    expect(functionsOf('CASE WHEN `a` THEN 1 END - 1')).toEqual(['SERVICE_OP_SUBTRACT']);
    expect(functionsOf('NULL - 1')).toEqual(['SERVICE_OP_SUBTRACT']);
  });
});

describe('CASE', () => {
  it('nested CASE expressions', () => {
    const expression =
      "CASE WHEN `Region` = 'East' THEN CASE WHEN `Sales` > 100 THEN 'big' ELSE 'small' END WHEN `Region` = 'West' THEN UPPER(`Name`) ELSE 'other' END";
    expect(stored(expression)).toEqual({
      columnPositions: [
        { columnName: '`Region`', columnPosition: 10 },
        { columnName: '`Sales`', columnPosition: 43 },
        { columnName: '`Region`', columnPosition: 90 },
        { columnName: '`Name`', columnPosition: 119 },
      ],
      functions: ['UPPER'],
      aggregated: false,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });

  it('simple CASE with an operand', () => {
    const analysis = analyzeExpression("CASE `Tier` WHEN 1 THEN 'Gold' WHEN 2 THEN 'Silver' END");
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual([]);
  });

  it('keywords are matched case-insensitively', () => {
    const analysis = analyzeExpression('case when `a` is not null then 1 else 0 end');
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual([]);
  });
});

describe('column references', () => {
  it('ignores backticks inside string literals', () => {
    const expression = "CONCAT('`not a column`', `Real`, \"`nor this`\", 'it''s `also not`')";
    expect(stored(expression)).toEqual({
      columnPositions: [{ columnName: '`Real`', columnPosition: 25 }],
      functions: ['CONCAT'],
      aggregated: false,
      analytic: false,
      status: 'VALID',
      problems: [],
    });
  });

  it('reports a column used twice at both positions', () => {
    const expression = '`Revenue` - `Cost` / `Revenue`';
    expect(analyzeExpression(expression).columnPositions).toEqual([
      { columnName: '`Revenue`', columnPosition: 0 },
      { columnName: '`Cost`', columnPosition: 12 },
      { columnName: '`Revenue`', columnPosition: 21 },
    ]);
  });

  it('counts positions in UTF-16 code units', () => {
    const expression = "CONCAT('😀', `Größe`, '€', `名前`)";
    expect(analyzeExpression(expression).columnPositions).toEqual([
      { columnName: '`Größe`', columnPosition: 13 },
      { columnName: '`名前`', columnPosition: 27 },
    ]);
  });

  it('keeps column names exactly as written, quotes and parentheses included', () => {
    const expression = 'SUM(`Sales (USD)`) + MAX(`Owner\'s "Team"`)';
    expect(referencedColumns(analyzeExpression(expression))).toEqual([
      'Sales (USD)',
      'Owner\'s "Team"',
    ]);
  });

  it('referencedColumns gives distinct names without backticks in order of first use', () => {
    const analysis = analyzeExpression('`b` + `a` * `b` - `c` + `a`');
    expect(referencedColumns(analysis)).toEqual(['b', 'a', 'c']);
  });

  it('referencedColumns accepts just the columnPositions', () => {
    expect(
      referencedColumns({
        columnPositions: [
          { columnName: '`x`', columnPosition: 0 },
          { columnName: '`x`', columnPosition: 6 },
        ],
      }),
    ).toEqual(['x']);
  });
});

describe('functions', () => {
  it('upper-cases names and lists each once', () => {
    expect(
      functionsOf('Sum(`a`) + sum(`b`) + Round(Sum(`c`), 2) + round(1) + AddDate(`d`, 1)'),
    ).toEqual(inJavaOrder(['SUM', 'SERVICE_OP_ADD', 'ROUND', 'ADDDATE']));
  });

  it('allows unknown function names with underscores and digits', () => {
    const analysis = analyzeExpression('my_func2(`a`) + LOG10(`b`) + _private()');
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual(
      inJavaOrder(['MY_FUNC2', 'SERVICE_OP_ADD', 'LOG10', '_PRIVATE']),
    );
  });

  it('reads a call with a space before the parenthesis', () => {
    expect(functionsOf('SUM (`a`)')).toEqual(['SUM']);
  });

  it('does not list keywords followed by a parenthesis', () => {
    const analysis = analyzeExpression('NOT (`a` IN (1, 2)) AND (`b` = 1) OR `c` NOT IN (3)');
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual([]);
  });

  it('does not list the type of a CAST', () => {
    const analysis = analyzeExpression('CAST(`Amount` AS DECIMAL(10, 2)) * 2');
    expect(analysis.status).toBe('VALID');
    expect(analysis.functions).toEqual(inJavaOrder(['CAST', 'SERVICE_OP_MULTIPLY']));
  });

  it('accepts SQL argument forms: COUNT(*), INTERVAL, EXTRACT ... FROM, TRIM, typed literals', () => {
    for (const expression of [
      'COUNT(*)',
      'NOW()',
      'DATE_ADD(`Order Date`, INTERVAL 30 DAY)',
      'EXTRACT(YEAR FROM `Order Date`)',
      'SUBSTRING(`Name` FROM 2 FOR 3)',
      "TRIM(LEADING '0' FROM `Code`)",
      "`Order Date` >= DATE '2024-01-01'",
      'GROUP_CONCAT(DISTINCT `Name` ORDER BY `Name` DESC)',
    ]) {
      expect(analyzeExpression(expression), expression).toMatchObject({
        status: 'VALID',
        problems: [],
      });
    }
  });

  it('accepts bare words that are not keywords as operands', () => {
    expect(analyzeExpression('CURRENT_DATE - `Order Date`')).toMatchObject({
      status: 'VALID',
      functions: ['SERVICE_OP_SUBTRACT'],
    });
  });

  it('accepts every number form', () => {
    expect(analyzeExpression('1 + 1.5 + .5 + 1e3 + 2.5E-3 + 7.')).toMatchObject({
      status: 'VALID',
      functions: ['SERVICE_OP_ADD'],
    });
  });
});

describe('aggregated and analytic', () => {
  it.each([
    'SUM',
    'AVG',
    'COUNT',
    'MIN',
    'MAX',
    'STDDEV_POP',
    'VAR_POP',
    'APPROXIMATE_COUNT_DISTINCT',
  ])('%s aggregates', (name) => {
    expect(analyzeExpression(`${name.toLowerCase()}(\`a\`)`).aggregated).toBe(true);
  });

  it('COUNT(DISTINCT ...) aggregates', () => {
    expect(analyzeExpression('COUNT(DISTINCT `Customer ID`)')).toMatchObject({
      aggregated: true,
      analytic: false,
      functions: ['COUNT'],
      status: 'VALID',
    });
  });

  it('a row-level expression neither aggregates nor is analytic', () => {
    expect(analyzeExpression('ROUND(`Price` * 1.2, 2)')).toMatchObject({
      aggregated: false,
      analytic: false,
    });
  });

  it('a column whose name looks like an aggregate does not aggregate', () => {
    expect(analyzeExpression("`SUM(x)` + LENGTH('COUNT(y)')").aggregated).toBe(false);
  });

  it('a window with ORDER BY and a frame is analytic; OVER is not a function', () => {
    const expression =
      'ROW_NUMBER() OVER (PARTITION BY `Region`, `Year` ORDER BY `Sales` DESC, `Name` ASC NULLS LAST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)';
    expect(analyzeExpression(expression)).toMatchObject({
      functions: ['ROW_NUMBER'],
      aggregated: false,
      analytic: true,
      status: 'VALID',
    });
  });

  it('a windowed aggregate is both aggregated and analytic', () => {
    expect(
      analyzeExpression(
        'AVG(`Sales`) OVER (ORDER BY `Day` ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) / 2',
      ),
    ).toMatchObject({
      functions: inJavaOrder(['AVG', 'SERVICE_OP_DIVIDE']),
      aggregated: true,
      analytic: true,
      status: 'VALID',
    });
  });

  it('an empty window is analytic', () => {
    expect(analyzeExpression('SUM(`a`) OVER ()')).toMatchObject({
      analytic: true,
      status: 'VALID',
    });
  });
});

describe('precedence of word operators', () => {
  it('reads a comparison inside a BETWEEN bound, as MySQL does', () => {
    expect(analyzeExpression('`a` BETWEEN `b` IS NULL AND `c` = 1').status).toBe('VALID');
  });

  it('needs parentheses around an OR inside a BETWEEN bound', () => {
    expect(analyzeExpression('`a` BETWEEN `b` OR `c` AND 1').problems).toEqual([
      {
        start: 16,
        end: 18,
        message: 'BETWEEN at position 4 has no AND',
      },
    ]);
    expect(analyzeExpression('`a` BETWEEN (`b` OR `c`) AND 1').status).toBe('VALID');
  });

  it('handles a long flat expression without deep recursion', () => {
    const expression = Array.from({ length: 50_000 }, (_, index) => `\`c${index % 7}\``).join(
      ' + ',
    );
    const analysis = analyzeExpression(expression);
    expect(analysis.status).toBe('VALID');
    expect(analysis.columnPositions).toHaveLength(50_000);
    expect(referencedColumns(analysis)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
  });
});

describe('nested references: SERVICE_BEAST_MODE(<id>)', () => {
  it('reads each as a reference to a field, never as a function', () => {
    const expression = 'SERVICE_BEAST_MODE(12) * 100 + service_beast_mode( 7 /* id */ ) - SUM(`a`)';
    const analysis = analyzeExpression(expression);
    expect(analysis.fieldReferences).toEqual([
      { id: 12, start: 0, end: 22 },
      { id: 7, start: 31, end: 63 },
    ]);
    expect(analysis.functions).toEqual(
      inJavaOrder(['SERVICE_OP_MULTIPLY', 'SERVICE_OP_ADD', 'SERVICE_OP_SUBTRACT', 'SUM']),
    );
    expect(analysis.status).toBe('VALID');
  });

  it('takes a backtick name as a column, even inside the parentheses of no call', () => {
    const analysis = analyzeExpression('`Gross Margin` * 100');
    expect(analysis.fieldReferences).toEqual([]);
    expect(referencedColumns(analysis)).toEqual(['Gross Margin']);
  });

  it.each([
    ['SERVICE_BEAST_MODE(`Margin`)', 'found `Margin`'],
    ["SERVICE_BEAST_MODE('12')", "found '12'"],
    ['SERVICE_BEAST_MODE(1.5)', 'found 1.5'],
    ['SERVICE_BEAST_MODE(12, 3)', "found ','"],
    ['SERVICE_BEAST_MODE()', "found ')'"],
    ['SERVICE_BEAST_MODE(0)', 'found 0'],
  ])('makes %s INVALID: the argument is no id', (expression, found) => {
    const analysis = analyzeExpression(expression);
    expect(analysis.status).toBe('INVALID');
    expect(analysis.fieldReferences).toEqual([]);
    expect(analysis.problems.map((problem) => problem.message)).toContain(
      `SERVICE_BEAST_MODE at position 0 takes the id of a calculated field, a whole number, and nothing else; ${found}`,
    );
  });
});
