import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExpressionAnalysis } from './analyze-expression';
import { analyzeExpression, referencedColumns } from './analyze-expression';
import { javaHashSetOrder } from './java-hash-set-order';
import { tokenize } from './tokenize';

/** Any UTF-16 code unit, lone surrogates and control characters included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const fragments = [
  '(',
  ')',
  '`',
  "'",
  '"',
  "''",
  ',',
  ' ',
  '\n',
  '-',
  '+',
  '*',
  '/',
  '%',
  '=',
  '<>',
  '||',
  '1',
  '.5',
  '1e3',
  '`Revenue`',
  "'text'",
  'SUM',
  'count',
  'DISTINCT',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'OVER',
  'PARTITION BY',
  'ORDER BY',
  'AND',
  'NOT',
  'IN',
  'IS',
  'NULL',
  'BETWEEN',
  'INTERVAL',
  'AS',
  '\u0000',
  '\ud800',
  '😀',
];

// How many cases each property tries: several times what it took to catch the mistakes
// it is there for. Broken on purpose, three runs each: a doubled quote not read as an
// escape, or an exponent's sign not read, failed the grammar and padding properties
// within 41 cases; a throw on a lone low surrogate failed the arbitrary-text and
// splicing properties within 124. Every run draws new cases, and a failure prints the
// seed that replays it (docs/testing.md).
const runs = { anyText: 1000, grammar: 600, spliced: 600, padded: 500 };

const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: codeUnit }),
  fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((parts) => parts.join('')),
  fc
    .array(fc.oneof(fc.constantFrom(...fragments), codeUnit), { maxLength: 40 })
    .map((parts) => parts.join('')),
);

function expectConsistent(expression: string, analysis: ExpressionAnalysis): void {
  let previousPosition = -1;
  for (const { columnName, columnPosition } of analysis.columnPositions) {
    expect(expression[columnPosition]).toBe('`');
    expect(expression.slice(columnPosition, columnPosition + columnName.length)).toBe(columnName);
    expect(columnName.length).toBeGreaterThanOrEqual(2);
    expect(columnName.endsWith('`')).toBe(true);
    expect(columnPosition).toBeGreaterThan(previousPosition);
    previousPosition = columnPosition;
  }
  expect(new Set(analysis.functions).size).toBe(analysis.functions.length);
  expect(analysis.status).toBe(analysis.problems.length === 0 ? 'VALID' : 'INVALID');
}

describe('analyzeExpression on arbitrary text', () => {
  it('never throws, and every column position points at the reference it names', () => {
    fc.assert(
      fc.property(anyText, (expression) => {
        expectConsistent(expression, analyzeExpression(expression));
      }),
      { numRuns: runs.anyText },
    );
  });
});

/** A generated expression with what the analyzer should find in it, in textual order. */
interface Generated {
  text: string;
  columns: string[];
  /** Function names (as written) and operator names, in textual order, repeats kept. */
  uses: string[];
}

const columnName = fc
  .oneof(
    fc.constantFrom('Revenue', 'Order ID', 'Größe', '名前', "Owner's", 'a"b', 'Sales (USD)', 'x'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    fc.string({ unit: codeUnit, minLength: 1, maxLength: 12 }),
  )
  .filter((name) => !name.includes('`'));

const stringLiteral = fc
  .string({ maxLength: 12 })
  .chain((content) =>
    fc.constantFrom(
      `'${content.replaceAll("'", "''")}'`,
      `"${content.replaceAll('"', '""')}"`,
      `'\`${content.replaceAll("'", "''")}\`'`,
    ),
  );

const space = fc.constantFrom(' ', '  ', '\n', '\t', ' \r\n ');
const optionalSpace = fc.constantFrom('', ' ', '\n');

const leaf: fc.Arbitrary<Generated> = fc.oneof(
  columnName.map((name) => ({ text: `\`${name}\``, columns: [name], uses: [] })),
  fc
    .constantFrom('0', '1', '42', '1.5', '.5', '1e3', '2.5E-3', '7.')
    .map((text) => ({ text, columns: [], uses: [] })),
  stringLiteral.map((text) => ({ text, columns: [], uses: [] })),
  fc
    .constantFrom('NULL', 'TRUE', 'false', 'CURRENT_DATE', 'YEAR')
    .map((text) => ({ text, columns: [], uses: [] })),
);

const operatorNames: Record<string, string | undefined> = {
  '+': 'SERVICE_OP_ADD',
  '-': 'SERVICE_OP_SUBTRACT',
  '*': 'SERVICE_OP_MULTIPLY',
  '/': 'SERVICE_OP_DIVIDE',
};

const functionName = fc.constantFrom(
  'SUM',
  'sum',
  'Round',
  'CONCAT',
  'DATEDIFF',
  'my_func2',
  'COALESCE',
  'IF',
  'LEFT',
);

function join(...parts: (Generated | string)[]): Generated {
  return {
    text: parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''),
    columns: parts.flatMap((part) => (typeof part === 'string' ? [] : part.columns)),
    uses: parts.flatMap((part) => (typeof part === 'string' ? [] : part.uses)),
  };
}

function use(name: string): Generated {
  return { text: '', columns: [], uses: [name] };
}

const { expression: validExpression } = fc.letrec<{ expression: Generated }>((tie) => {
  const expression = tie('expression');
  return {
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(
          expression,
          fc.constantFrom('+', '-', '*', '/', '%', '=', '<>', '!=', '<', '>=', '||'),
          optionalSpace,
          optionalSpace,
          expression,
        )
        .map(([left, operator, before, after, right]) => {
          const name = operatorNames[operator];
          // `--` starts a comment, so a minus before a negative operand needs a space.
          const gap = operator === '-' && after === '' && right.text.startsWith('-') ? ' ' : after;
          return join(left, before, operator, name ? use(name) : '', gap, right);
        }),
      fc
        .tuple(expression, fc.constantFrom('AND', 'OR', 'and'), space, space, expression)
        .map(([left, operator, before, after, right]) =>
          join(left, before, operator, after, right),
        ),
      fc
        .tuple(fc.constantFrom('-', '+', 'NOT '), expression)
        .map(([sign, operand]) =>
          join(sign, sign === '-' && operand.text.startsWith('-') ? ' ' : '', operand),
        ),
      fc
        .tuple(optionalSpace, expression, optionalSpace)
        .map(([before, inner, after]) => join('(', before, inner, after, ')')),
      fc
        .tuple(functionName, fc.array(expression, { maxLength: 3 }), optionalSpace)
        .map(([name, args, space]) => {
          const parts: (Generated | string)[] = [name, use(name.toUpperCase()), space, '('];
          args.forEach((argument, index) => parts.push(index === 0 ? '' : ', ', argument));
          return join(...parts, ')');
        }),
      expression.map((argument) => join('COUNT', use('COUNT'), '(DISTINCT ', argument, ')')),
      fc
        .tuple(expression, expression, expression, fc.option(expression))
        .map(([condition, result, other, fallback]) =>
          join(
            'CASE WHEN ',
            condition,
            ' THEN ',
            result,
            ' WHEN ',
            other,
            ' THEN ',
            result,
            ...(fallback ? [' ELSE ', fallback] : []),
            ' END',
          ),
        ),
      fc
        .tuple(expression, expression, expression)
        .map(([value, partition, order]) =>
          join(
            'SUM',
            use('SUM'),
            '(',
            value,
            ') OVER (PARTITION BY ',
            partition,
            ' ORDER BY ',
            order,
            ' DESC)',
          ),
        ),
      fc
        .tuple(
          expression,
          fc.constantFrom('BY ', 'add ', 'REMOVE '),
          fc.array(expression, { maxLength: 2 }),
          fc.constantFrom('', ' FILTER NONE', ' filter ALLOW ', ' FILTER DENY '),
          expression,
        )
        .map(([value, level, columns, filter, filtered]) => {
          const parts: (Generated | string)[] = ['SUM', use('SUM'), '(', value, ') FIXED ('];
          if (columns.length > 0) {
            parts.push(level);
            columns.forEach((column, index) => parts.push(index === 0 ? '' : ', ', column));
          }
          parts.push(filter);
          if (filter.endsWith(' ')) parts.push(filtered);
          return join(...parts, ')');
        }),
      fc
        .tuple(expression, expression, expression)
        .map(([value, first, second]) => join(value, ' IN (', first, ', ', second, ')')),
      fc
        .tuple(expression, expression, expression)
        // The lower bound is bracketed: `x BETWEEN a OR b AND c` is not SQL.
        .map(([value, low, high]) => join(value, ' BETWEEN (', low, ') AND ', high)),
      expression.map((value) => join(value, ' IS NOT NULL')),
    ),
  };
});

describe('analyzeExpression on expressions from a valid grammar', () => {
  it('is VALID and finds exactly the generated columns and functions', () => {
    fc.assert(
      fc.property(validExpression, (generated) => {
        const analysis = analyzeExpression(generated.text);
        expect(analysis.problems).toEqual([]);
        expect(analysis.status).toBe('VALID');
        expect(analysis.columnPositions.map(({ columnName }) => columnName.slice(1, -1))).toEqual(
          generated.columns,
        );
        expect(referencedColumns(analysis)).toEqual([...new Set(generated.columns)]);
        expect(analysis.functions).toEqual(javaHashSetOrder(generated.uses));
        expectConsistent(generated.text, analysis);
      }),
      { numRuns: runs.grammar },
    );
  });

  it('stays consistent when a valid expression is cut short or spliced', () => {
    fc.assert(
      fc.property(validExpression, fc.nat(), fc.nat(), (generated, cut, splice) => {
        const { text } = generated;
        const truncated = text.slice(0, cut % (text.length + 1));
        const spliced = truncated + text.slice(splice % (text.length + 1));
        expectConsistent(truncated, analyzeExpression(truncated));
        expectConsistent(spliced, analyzeExpression(spliced));
      }),
      { numRuns: runs.spliced },
    );
  });
});

const filler = fc.constantFrom(
  ' ',
  '\u00a0',
  '\n\t',
  '\u2003',
  '/* note */',
  ' /* `not` a SUM(reference) - 1 */ ',
  ' -- note with `backticks` and COUNT(\n',
  '/**/',
);

describe('comments and whitespace between tokens', () => {
  it('change neither functions nor references, and shift positions by exactly their length', () => {
    fc.assert(
      fc.property(
        validExpression,
        fc.array(fc.tuple(fc.nat(), filler), { minLength: 1, maxLength: 6 }),
        (generated, insertions) => {
          const { text } = generated;
          // Token boundaries: every offset between one token's end and the next one's start.
          const { tokens } = tokenize(text);
          const gaps: number[] = [];
          let previousEnd = 0;
          for (const token of [...tokens, { start: text.length, end: text.length }]) {
            for (let offset = previousEnd; offset <= token.start; offset += 1) gaps.push(offset);
            previousEnd = token.end;
          }
          const points = insertions
            .map(([pick, piece]) => ({ at: gaps[pick % gaps.length]!, piece }))
            .sort((a, b) => a.at - b.at);
          let padded = '';
          let from = 0;
          for (const { at, piece } of points) {
            padded += text.slice(from, at) + piece;
            from = at;
          }
          padded += text.slice(from);
          const shiftAt = (position: number) =>
            points
              .filter(({ at }) => at <= position)
              .reduce((sum, { piece }) => sum + piece.length, 0);

          const before = analyzeExpression(text);
          const after = analyzeExpression(padded);
          expect(after.problems).toEqual([]);
          expect(after.functions).toEqual(before.functions);
          expect(after.columnPositions).toEqual(
            before.columnPositions.map(({ columnName, columnPosition }) => ({
              columnName,
              columnPosition: columnPosition + shiftAt(columnPosition),
            })),
          );
          expect(after.aggregated).toBe(before.aggregated);
          expect(after.analytic).toBe(before.analytic);
        },
      ),
      { numRuns: runs.padded },
    );
  });
});
