import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeExpression } from '../analyze-expression';
import { publishedFormulas } from '../test-data/published-formulas';
import { tokenize } from '../tokenize';
import { formatExpression } from './format-expression';

const format = (expression: string, width?: number) => formatExpression(expression, width).text;

describe('the layout', () => {
  it('puts each WHEN, the ELSE and the END of a CASE on their own lines', () => {
    expect(format("CASE WHEN `a` > 0 THEN 'up' WHEN `a` < 0 THEN 'down' ELSE 'flat' END")).toBe(
      [
        'CASE',
        "  WHEN `a` > 0 THEN 'up'",
        "  WHEN `a` < 0 THEN 'down'",
        "  ELSE 'flat'",
        'END',
      ].join('\n'),
    );
  });

  it('moves THEN to its own line when the branch is too long, and nests CASEs', () => {
    expect(
      format(
        "case `s` when 'x' then ROUND(SUM(`Revenue`), 2) else case when `b` then 1 end end",
        36,
      ),
    ).toBe(
      [
        'case `s`',
        "  when 'x'",
        '    then ROUND(SUM(`Revenue`), 2)',
        '  else case',
        '    when `b` then 1',
        '  end',
        'end',
      ].join('\n'),
    );
  });

  it('keeps a call on one line when it fits, else one argument per indented line', () => {
    expect(format('ROUND( SUM(`a`) , 2 )')).toBe('ROUND(SUM(`a`), 2)');
    expect(format('ROUND(SUM(`Revenue`) / NULLIF(SUM(`Cost of Goods Sold`), 0), 2)', 40)).toBe(
      [
        'ROUND(',
        '  SUM(`Revenue`) / NULLIF(',
        '    SUM(`Cost of Goods Sold`),',
        '    0',
        '  ),',
        '  2',
        ')',
      ].join('\n'),
    );
  });

  it('breaks a long AND/OR chain before each operator, but not the AND of BETWEEN', () => {
    expect(
      format("`Amount` BETWEEN 1 AND 100 AND `Region` = 'West' OR `Channel` = 'Online'", 40),
    ).toBe(
      ['`Amount` BETWEEN 1 AND 100', "  AND `Region` = 'West'", "  OR `Channel` = 'Online'"].join(
        '\n',
      ),
    );
  });

  it('writes signs, commas and calls without spaces, and never joins two minus signs', () => {
    expect(format('- `a` * - - 1 + f ( x , - y )')).toBe('-`a` * - -1 + f(x, -y)');
  });

  it('keeps comments, ending the line after a -- comment', () => {
    expect(format('SUM(`a`) -- total\n / COUNT(*) /* rows */')).toBe(
      'SUM(`a`) -- total\n/ COUNT(*) /* rows */',
    );
  });

  it('lays out an expression that does not parse', () => {
    expect(format('CASE WHEN `a` THEN SUM(`b`')).toBe('CASE\n  WHEN `a` THEN SUM(`b`');
    expect(format(')) 1')).toBe(') ) 1');
  });
});

describe('what formatting keeps', () => {
  const tokenTexts = (expression: string) => tokenize(expression).tokens.map((token) => token.text);
  const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

  /** Text made of the language's pieces run together with odd spacing. */
  const soup = fc
    .array(
      fc.tuple(
        fc.constantFrom(
          '-',
          '+',
          '*',
          '/',
          '(',
          ')',
          ',',
          '=',
          '<>',
          'CASE',
          'WHEN',
          'THEN',
          'ELSE',
          'END',
          'AND',
          'OR',
          'NOT',
          'BETWEEN',
          'IN',
          'SUM',
          'FIXED',
          'BY',
          '`a b`',
          "'s t'",
          '"q"',
          '12',
          '-- note\n',
          '/* c */',
          '\u200b',
          '‘x’',
        ),
        fc.constantFrom('', ' ', '  ', '\n', '\t'),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.map(([part, space]) => `${part}${space}`).join(''));

  it('every token and comment, in order, for any text', () => {
    fc.assert(
      fc.property(soup, (expression) => {
        const formatted = format(expression, 30);
        expect(tokenTexts(formatted)).toEqual(tokenTexts(expression));
        expect(withoutSpaces(formatted)).toBe(withoutSpaces(expression));
      }),
      { numRuns: 400 },
    );
  });

  it('what the analyzer derives, for every published formula', () => {
    for (const { formula } of publishedFormulas) {
      const before = analyzeExpression(formula);
      const after = analyzeExpression(format(formula));
      expect(after.functions).toEqual(before.functions);
      expect(after.references.map((reference) => reference.name)).toEqual(
        before.references.map((reference) => reference.name),
      );
      expect(after.status).toBe(before.status);
      expect(after.problems.length).toBe(before.problems.length);
    }
  });

  it('its own layout: a comment never closed does not gain a line each time', () => {
    // Found by the property below (seed 1420832759).
    const once = format("CASE('s t'-OR/*  CASE CASE\t", 30);
    expect(format(once, 30)).toBe(once);
  });

  it('its own layout: formatting twice changes nothing more', () => {
    fc.assert(
      fc.property(soup, (expression) => {
        const once = format(expression, 30);
        expect(format(once, 30)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('the place of every mark: a token maps onto the same text', () => {
    fc.assert(
      fc.property(soup, (expression) => {
        const formatted = formatExpression(expression, 30);
        for (const token of tokenize(expression).tokens) {
          const start = formatted.toFormatted(token.start);
          const end = formatted.endToFormatted(token.end);
          expect(formatted.text.slice(start, end)).toBe(token.text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('maps an offset between tokens to the next token, and a span end to the previous one', () => {
    const expression = 'SUM(`a`)    /   2';
    const formatted = formatExpression(expression);
    expect(formatted.text).toBe('SUM(`a`) / 2');
    expect(formatted.toFormatted(10)).toBe(9);
    expect(formatted.endToFormatted(10)).toBe(8);
    expect(formatted.toFormatted(expression.length)).toBe(formatted.text.length);
  });
});
