import { describe, expect, it } from 'vitest';
import { analyzeExpression } from './analyze-expression';

function problemsOf(expression: string): string[] {
  const analysis = analyzeExpression(expression);
  expect(analysis.status).toBe(analysis.problems.length === 0 ? 'VALID' : 'INVALID');
  return analysis.problems.map((problem) => problem.message);
}

describe('unbalanced input is INVALID with a problem a person can act on', () => {
  it.each([
    ['SUM(`Revenue`', ["missing ')' to close the '(' at position 3"]],
    ['(1 + (2 * 3)', ["missing ')' to close the '(' at position 0"]],
    ['SUM(`Revenue`))', ["')' at position 14 has no matching '('"]],
    [')', ["expected a value before ')' at position 0"]],
    ["CONCAT(`Name`, 'abc)", ['unclosed single quote at position 15']],
    ["'it''s", ['unclosed single quote at position 0']],
    ['CONCAT(`Name`, "abc)', ['unclosed double quote at position 15']],
    ['SUM(`Revenue) / 2', ['unclosed backtick at position 4']],
    ['`Cost` + `Revenue', ['unclosed backtick at position 9']],
    ["CASE WHEN `Status` = 'Closed' THEN 1", ['CASE at position 0 has no END']],
    ["CASE WHEN `Status` = 'Closed' THEN 1 ELSE 0", ['CASE at position 0 has no END']],
    ['CASE END', ['CASE at position 0 has no WHEN']],
    ['CASE WHEN `a` ELSE 1 END', ['WHEN at position 5 has no THEN']],
    [
      'CASE WHEN `a` THEN 1)',
      ["unexpected ')' at position 20; expected WHEN, ELSE or END for the CASE at position 0"],
    ],
    ['', ['expression is empty']],
    ['   \n\t ', ['expression is empty']],
  ])('%j', (expression, problems) => {
    expect(problemsOf(expression)).toEqual(problems);
  });
});

describe('other clear syntax errors are INVALID', () => {
  it.each([
    [
      '`Revenue` `Cost`',
      ['missing operator between `Revenue` at position 0 and `Cost` at position 10'],
    ],
    ['SUM(`a`) 2', ["missing operator between ')' at position 7 and 2 at position 9"]],
    ['ROUND(`a` 2)', ['missing operator between `a` at position 6 and 2 at position 10']],
    ['`Revenue` +', ["expected a value after '+' at position 10"]],
    ['`Revenue` * / 2', ["expected a value before '/' at position 12"]],
    ['1 + ()', ['empty parentheses at position 4 where a value is needed']],
    ['`a` IN ()', ['empty parentheses at position 7 where a value is needed']],
    ['ROUND(`a`, )', ["expected a value before ')' at position 11"]],
    ['ROUND(, 2)', ["expected a value before ',' at position 6"]],
    [
      '`a`, `b`',
      ["unexpected ',' at position 3; expected an operator or the end of the expression"],
    ],
    ['`a` @ 2', ["unexpected character '@' at position 4"]],
    ['`a` + \u0007', ['unexpected character U+0007 at position 6']],
    ['`a` + \ud800', ['unexpected character U+D800 at position 6']],
    ['`a` \u202E+ 1', ['unexpected character right-to-left override (U+202E) at position 4']],
    ['`a` OVER (PARTITION BY `b`)', ['OVER at position 4 must follow a function call']],
    ['SUM(`a`) OVER `b`', ["OVER at position 9 must be followed by '('"]],
    ['SUM(`a`) OVER (PARTITION `b`)', ['PARTITION at position 15 must be followed by BY']],
    [
      '`a` IS 1',
      ['IS at position 4 must be followed by NULL, TRUE or FALSE (optionally after NOT)'],
    ],
    ['`a` BETWEEN 1', ['BETWEEN at position 4 has no AND']],
    ['`a` IN 1', ['IN at position 4 must be followed by a list in parentheses']],
    [
      'DATE_ADD(`d`, INTERVAL 1)',
      ['INTERVAL at position 14 needs a unit such as DAY after its value'],
    ],
    ['1 + ``', ['empty column name at position 4']],
    ['THEN 1', ['expected a value before THEN at position 0']],
    ['COUNT(DISTINCT)', ["expected a value before ')' at position 14"]],
  ])('%j', (expression, problems) => {
    expect(problemsOf(expression)).toEqual(problems);
  });
});

describe('INVALID expressions still report what can be read', () => {
  it('reports the closed column references but not one that never closes', () => {
    expect(analyzeExpression('SUM(`Revenue`) / `Cost').columnPositions).toEqual([
      { columnName: '`Revenue`', columnPosition: 4 },
    ]);
  });

  it('reports functions and flags read from the tokens', () => {
    expect(analyzeExpression('SUM(`a`) OVER (PARTITION BY `b` + ')).toMatchObject({
      status: 'INVALID',
      functions: ['SUM', 'SERVICE_OP_ADD'],
      aggregated: true,
      analytic: true,
    });
  });

  it('reports an unclosed literal and an earlier syntax error together, in order', () => {
    expect(problemsOf("`a` `b` + 'open")).toEqual([
      'missing operator between `a` at position 0 and `b` at position 4',
      'unclosed single quote at position 10',
    ]);
  });

  it('does not blame the parenthesis that an unclosed backtick swallowed', () => {
    expect(problemsOf('ROUND(`Revenue, 2)')).toEqual(['unclosed backtick at position 6']);
  });

  it('keeps problem messages short and printable for huge or odd tokens', () => {
    const [problem] = problemsOf(`\`${'x'.repeat(100_000)}\` \`\u0000\ud800\``);
    expect(problem).toBeDefined();
    expect(problem?.length).toBeLessThan(200);
    expect(problem).toBe(
      `missing operator between \`${'x'.repeat(39)}… at position 0 and \`??\` at position 100003`,
    );
  });

  it('rejects nesting deeper than the parser allows instead of overflowing the stack', () => {
    expect(problemsOf('('.repeat(100_000) + '1' + ')'.repeat(100_000))).toEqual([
      'expression nests more than 256 levels deep at position 256',
    ]);
    expect(problemsOf('- '.repeat(100_000) + '1')).toEqual([
      'expression nests more than 256 levels deep at position 512',
    ]);
    expect(problemsOf('SUM('.repeat(50_000))).toHaveLength(1);
  });

  it('accepts nesting of realistic depth', () => {
    expect(problemsOf('('.repeat(100) + '1' + ')'.repeat(100))).toEqual([]);
    expect(problemsOf('ABS('.repeat(100) + '`a`' + ')'.repeat(100))).toEqual([]);
  });
});
