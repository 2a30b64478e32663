import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

function kindsAndTexts(expression: string): [string, string][] {
  return tokenize(expression).tokens.map((token) => [token.kind, token.text]);
}

describe('tokenize', () => {
  it('splits an expression into typed tokens with UTF-16 offsets', () => {
    const { tokens, problems } = tokenize("Sum(`Order ID`) >= 'it''s' OR x");
    expect(problems).toEqual([]);
    expect(
      tokens.map(({ kind, start, end, text, upper }) => ({ kind, start, end, text, upper })),
    ).toEqual([
      { kind: 'word', start: 0, end: 3, text: 'Sum', upper: 'SUM' },
      { kind: 'open', start: 3, end: 4, text: '(', upper: '' },
      { kind: 'column', start: 4, end: 14, text: '`Order ID`', upper: '' },
      { kind: 'close', start: 14, end: 15, text: ')', upper: '' },
      { kind: 'operator', start: 16, end: 18, text: '>=', upper: '' },
      { kind: 'string', start: 19, end: 26, text: "'it''s'", upper: '' },
      { kind: 'word', start: 27, end: 29, text: 'OR', upper: 'OR' },
      { kind: 'word', start: 30, end: 31, text: 'x', upper: 'X' },
    ]);
  });

  it('reads every number form, and a minus sign as its own token', () => {
    expect(kindsAndTexts('1 1.5 .5 1e3 2.5E-3 7. -4')).toEqual([
      ['number', '1'],
      ['number', '1.5'],
      ['number', '.5'],
      ['number', '1e3'],
      ['number', '2.5E-3'],
      ['number', '7.'],
      ['operator', '-'],
      ['number', '4'],
    ]);
  });

  it('leaves an exponent marker without digits to the next token', () => {
    expect(kindsAndTexts('1e')).toEqual([
      ['number', '1'],
      ['word', 'e'],
    ]);
  });

  it('reads the longest operator first', () => {
    expect(kindsAndTexts('<=> <= >= <> != || < > = + - * / %').map(([, text]) => text)).toEqual([
      '<=>',
      '<=',
      '>=',
      '<>',
      '!=',
      '||',
      '<',
      '>',
      '=',
      '+',
      '-',
      '*',
      '/',
      '%',
    ]);
  });

  it('keeps backticks inside strings and quotes inside column names', () => {
    expect(kindsAndTexts('\'a `b` c\' "d `e`" `f \'g\' "h"`')).toEqual([
      ['string', "'a `b` c'"],
      ['string', '"d `e`"'],
      ['column', '`f \'g\' "h"`'],
    ]);
  });

  it('reports an unclosed literal once and lets it run to the end', () => {
    expect(tokenize("1 + 'abc) + `x`")).toMatchObject({
      tokens: [
        { kind: 'number' },
        { kind: 'operator' },
        { kind: 'string', text: "'abc) + `x`", unterminated: true },
      ],
      problems: [{ start: 4, end: 5, message: 'unclosed single quote at position 4' }],
    });
  });

  it('turns a character outside the grammar into one unknown token, surrogate pairs whole', () => {
    expect(kindsAndTexts('a @ 😀 \ud800 §')).toEqual([
      ['word', 'a'],
      ['unknown', '@'],
      ['unknown', '😀'],
      ['unknown', '\ud800'],
      ['unknown', '§'],
    ]);
  });

  it('skips ASCII and Unicode whitespace', () => {
    expect(kindsAndTexts(' \t\r\n\u000b\f\u0085\u00a0\u2003\u202f\u3000\u20281')).toEqual([
      ['number', '1'],
    ]);
  });
});
