import { describe, expect, it } from 'vitest';
import { analyzeExpression } from './analyze-expression';
import { publishedFormulas } from './test-data/published-formulas';

describe('published formulas', () => {
  it.each(publishedFormulas.map((entry, index) => [index, entry.what, entry] as const))(
    '#%i %s',
    (_index, _what, entry) => {
      const analysis = analyzeExpression(entry.formula);
      expect({
        status: analysis.status,
        functions: analysis.functions,
        aggregated: analysis.aggregated,
        analytic: analysis.analytic,
        references: analysis.columnPositions.map(({ columnName, columnPosition }) => [
          columnName.slice(1, -1),
          columnPosition,
        ]),
        problems: analysis.problems.map((problem) => problem.message),
      }).toEqual({
        status: entry.status,
        functions: entry.functions,
        aggregated: entry.aggregated,
        analytic: entry.analytic,
        references: entry.references,
        problems: entry.problems ?? [],
      });
      for (const [name, position] of entry.references) {
        expect(entry.formula.slice(position, position + name.length + 2)).toBe(`\`${name}\``);
      }
    },
  );
});

describe('the collection', () => {
  const formulas = publishedFormulas.map((entry) => entry.formula);
  const some = (pattern: RegExp) => formulas.filter((formula) => pattern.test(formula)).length;

  it('holds at least 60 formulas, each with its source', () => {
    expect(publishedFormulas.length).toBeGreaterThanOrEqual(60);
    for (const entry of publishedFormulas) expect(entry.source).toMatch(/^https:\/\/\S+/);
  });

  it.each([
    ['FIXED ()', /FIXED \( ?\)/i],
    ['FIXED BY', /FIXED \( ?BY /i],
    ['FIXED ADD', /FIXED \(ADD /i],
    ['FIXED REMOVE', /FIXED \(REMOVE /i],
    ['FILTER NONE', /FILTER NONE/i],
    ['FILTER ALLOW', /FILTER ALLOW/i],
    ['FILTER DENY', /FILTER DENY/i],
    ['window functions', /\bover ?\(/i],
    ['nested CASE', /\bcase\b[^]*\bcase\b[^]*\bend\b[^]*\bend\b/i],
    ['date arithmetic', /\b(date_sub|adddate|datediff|interval)\b/i],
    ['string functions', /\b(concat|str_to_date|date_format)\s*\(/i],
    ['typographic quotes', /[‘’“”]/],
  ])('covers %s', (_label, pattern) => {
    expect(some(pattern)).toBeGreaterThan(0);
  });

  it('holds published mistakes the analyzer explains', () => {
    const problems = publishedFormulas.flatMap((entry) => entry.problems ?? []);
    expect(problems.some((problem) => problem.startsWith('typographic quote'))).toBe(true);
    expect(problems.some((problem) => problem.includes('does not close it'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith("missing ')'"))).toBe(true);
    expect(problems.some((problem) => problem.includes("has no matching '('"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('missing operator'))).toBe(true);
    expect(
      publishedFormulas.filter((entry) => entry.status === 'INVALID').length,
    ).toBeGreaterThanOrEqual(10);
  });
});
