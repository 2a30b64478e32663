import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExpression } from './parse-expression';
import { publishedFormulas } from './test-data/published-formulas';
import type { SyntaxNode } from './syntax-tree';
import { childrenOf, walkTree } from './syntax-tree';

/** A compact rendering of the tree, so each test reads as the structure it expects. */
function sexp(node: SyntaxNode): string {
  const all = (nodes: SyntaxNode[]) => nodes.map(sexp).join(' ');
  switch (node.kind) {
    case 'literal':
      return node.text;
    case 'column':
      return `\`${node.name}\``;
    case 'name':
      return node.name;
    case 'unary':
      return `(${node.operator} ${sexp(node.operand)})`;
    case 'binary':
      return `(${node.negated ? 'NOT ' : ''}${node.operator} ${sexp(node.left)} ${sexp(node.right)})`;
    case 'is':
      return `(IS${node.negated ? ' NOT' : ''} ${sexp(node.operand)} ${node.value})`;
    case 'in':
      return `(${node.negated ? 'NOT ' : ''}IN ${sexp(node.operand)} [${all(node.items)}])`;
    case 'between':
      return `(${node.negated ? 'NOT ' : ''}BETWEEN ${sexp(node.operand)} ${sexp(node.low)} ${sexp(node.high)})`;
    case 'call': {
      const parts = [
        node.name,
        node.distinct ? 'DISTINCT' : '',
        node.star ? '*' : '',
        all(node.args),
      ];
      if (node.orderBy.length > 0) parts.push(`ORDER BY ${all(node.orderBy)}`);
      if (node.window) {
        const { partitionBy, orderBy, frame } = node.window;
        parts.push(`OVER(${all(partitionBy)} | ${all(orderBy)} | ${all(frame)})`);
      }
      if (node.fixed) {
        const { level, columns, filter, filterColumns } = node.fixed;
        parts.push(`FIXED(${level ?? ''} ${all(columns)} | ${filter ?? ''} ${all(filterColumns)})`);
      }
      return `(${parts.filter((part) => part !== '').join(' ')})`;
    }
    case 'case': {
      const branches = node.branches.map(({ when, then }) => `[${sexp(when)} ${sexp(then)}]`);
      const subject = node.subject ? `${sexp(node.subject)} ` : '';
      const otherwise = node.otherwise ? ` ELSE ${sexp(node.otherwise)}` : '';
      return `(CASE ${subject}${branches.join(' ')}${otherwise})`;
    }
    case 'group':
      return `{${sexp(node.inner)}}`;
    case 'interval':
      return `(INTERVAL ${sexp(node.value)} ${node.unit})`;
  }
}

function treeOf(expression: string): string {
  const { tree, problems } = parseExpression(expression);
  expect(problems).toEqual([]);
  return sexp(tree!);
}

describe('the tree of an expression that parses', () => {
  it.each([
    [
      'SUM(`Revenue`) / NULLIF(COUNT(DISTINCT `Order`), 0)',
      '(/ (SUM `Revenue`) (NULLIF (COUNT DISTINCT `Order`) 0))',
    ],
    ['1 + 2 * 3 - 4', '(- (+ 1 (* 2 3)) 4)'],
    ['-`a` * (`b` + 1)', '(* (- `a`) {(+ `b` 1)})'],
    ['`a` = 1 OR `b` = 2 AND NOT `c`', '(OR (= `a` 1) (AND (= `b` 2) (NOT `c`)))'],
    ["`a` NOT LIKE 'x%'", "(NOT LIKE `a` 'x%')"],
    ['`a` IS NOT NULL', '(IS NOT `a` NULL)'],
    ["`a` NOT IN ('x', 'y')", "(NOT IN `a` ['x' 'y'])"],
    ['`a` BETWEEN 1 AND 2', '(BETWEEN `a` 1 2)'],
    [
      "CASE WHEN `a` > 0 THEN 'up' WHEN `a` < 0 THEN 'down' ELSE 'flat' END",
      "(CASE [(> `a` 0) 'up'] [(< `a` 0) 'down'] ELSE 'flat')",
    ],
    ["CASE `s` WHEN 'x' THEN 1 END", "(CASE `s` ['x' 1])"],
    ['COUNT(*)', '(COUNT *)'],
    [
      'SUM(`x`) OVER (PARTITION BY `r` ORDER BY `d` ROWS 3 PRECEDING)',
      '(SUM `x` OVER(`r` | `d` | 3))',
    ],
    ['SUM(SUM(`x`) FIXED (BY `r` FILTER DENY `s`))', '(SUM (SUM `x` FIXED(BY `r` | DENY `s`)))'],
    ['SUM(`x`) FIXED ()', '(SUM `x` FIXED(  |  ))'],
    ["DATE '2024-01-31' + INTERVAL 3 DAY", "(+ DATE '2024-01-31' (INTERVAL 3 DAY))"],
    ['EXTRACT(YEAR FROM `d`)', '(EXTRACT YEAR `d`)'],
    ['CAST(`x` AS DECIMAL(10, 2))', '(CAST `x`)'],
    ['GROUP_CONCAT(`n` ORDER BY `n`)', '(GROUP_CONCAT `n` ORDER BY `n`)'],
  ])('%s', (expression, expected) => {
    expect(treeOf(expression)).toBe(expected);
  });

  it('gives each node the span of its text', () => {
    const expression = '  SUM(`a`) / NULLIF(`b`, 0) -- ratio\n + CASE WHEN `c` THEN 1 END ';
    const spans: string[] = [];
    walkTree(parseExpression(expression).tree!, (node) => {
      spans.push(expression.slice(node.start, node.end));
    });
    expect(spans).toEqual([
      'SUM(`a`) / NULLIF(`b`, 0) -- ratio\n + CASE WHEN `c` THEN 1 END',
      'SUM(`a`) / NULLIF(`b`, 0)',
      'SUM(`a`)',
      '`a`',
      'NULLIF(`b`, 0)',
      '`b`',
      '0',
      'CASE WHEN `c` THEN 1 END',
      '`c`',
      '1',
    ]);
  });

  it('has no tree when the tokens do not parse', () => {
    expect(parseExpression('SUM(`a`').tree).toBeUndefined();
    expect(parseExpression('').tree).toBeUndefined();
  });

  it('still has a tree when only a typographic quote makes it INVALID', () => {
    const parsed = parseExpression('`City` = ‘Paris’');
    expect(parsed.problems).toHaveLength(2);
    expect(sexp(parsed.tree!)).toBe('(= `City` ‘Paris’)');
  });

  it('nests every child inside its parent, for every published formula that parses', () => {
    for (const { formula } of publishedFormulas) {
      const { tree } = parseExpression(formula);
      if (!tree) continue;
      walkTree(tree, (node) => {
        expect(node.start).toBeLessThan(node.end);
        for (const child of childrenOf(node)) {
          expect(child.start).toBeGreaterThanOrEqual(node.start);
          expect(child.end).toBeLessThanOrEqual(node.end);
        }
      });
    }
  });

  it('walks a very deep tree without exhausting the stack', () => {
    const deep = `${'- '.repeat(200)}1`;
    let count = 0;
    walkTree(parseExpression(deep).tree!, () => {
      count += 1;
    });
    expect(count).toBe(201);
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        parseExpression(text);
      }),
    );
  });
});
