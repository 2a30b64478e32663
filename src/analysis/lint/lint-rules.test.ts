import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import expressionsPage from '../../../docs/expressions.md?raw';
import { publishedFormulas } from '../test-data/published-formulas';
import { lintExpression } from './lint-expression';
import type { LintContext } from './lint-rule';
import { lintRules } from './lint-rules';
import { LONG_EXPRESSION_LENGTH } from './rules/long-expression';

/** What one rule reports on an expression: the flagged text and the message. */
function findingsOf(ruleId: string, expression: string, context?: LintContext) {
  return lintExpression(expression, context)
    .filter((finding) => finding.ruleId === ruleId)
    .map((finding) => ({
      flagged: expression.slice(finding.start, finding.end),
      message: finding.message,
    }));
}

interface RuleCases {
  /** Each expression, and the text of each finding it gets, in order. */
  flags: Array<[expression: string, flagged: string[]]>;
  /** Expressions the rule leaves alone. */
  passes: string[];
  context?: LintContext;
}

const archivedContext: LintContext = {
  referencedFields: new Map([
    [41, { id: 41, name: 'Old Margin', archived: true }],
    [42, { id: 42, name: 'Margin', archived: false }],
  ]),
};

const cases: Record<string, RuleCases> = {
  'null-comparison': {
    flags: [
      ['`Region` = NULL', ['=']],
      ['CASE WHEN `a` <> NULL THEN 1 ELSE 0 END', ['<>']],
      ['NULL != `a`', ['!=']],
      ['`a` > (NULL)', ['>']],
    ],
    passes: [
      '`Region` IS NULL',
      '`a` IS NOT NULL',
      '`a` <=> NULL',
      "`a` = 'NULL'",
      'COALESCE(`a`, NULL)',
    ],
  },
  'nested-aggregate': {
    flags: [
      ['SUM(SUM(`Sales`))', ['SUM']],
      ['AVG(`a` + COUNT(`b`))', ['COUNT']],
      ['SUM(SUM(SUM(`x`)))', ['SUM', 'SUM']],
    ],
    passes: [
      'SUM(SUM(`Sales`) FIXED (BY `Region`))',
      'SUM(SUM(`Sales`)) OVER (PARTITION BY `Region`)',
      'MAX(SUM(`Sales`) FIXED ())',
      'SUM(`a`) / SUM(`b`)',
      'ROUND(SUM(`a`), 2)',
    ],
  },
  'unknown-function': {
    flags: [
      ['SUMM(`Sales`)', ['SUMM']],
      ['DATEDIF(`a`, `b`)', ['DATEDIF']],
      ['ROUND(FOOBARBAZ(`a`), 2)', ['FOOBARBAZ']],
    ],
    passes: [
      'SUM(`Sales`)',
      'Sum(`Sales`)',
      'DATEDIFF(CURRENT_DATE(), `d`)',
      'COUNT(DISTINCT `a`)',
      'CAST(`a` AS DECIMAL(10, 2))',
      'SERVICE_BEAST_MODE(12) + 1',
    ],
  },
  'unguarded-division': {
    flags: [
      ['`Revenue` / `Units`', ['/']],
      ['SUM(`a`) / SUM(`b`)', ['/']],
      ['`a` / 0', ['/']],
      ['`a` / (`b` - `c`)', ['/']],
    ],
    passes: [
      '`a` / 100',
      '`a` / -2.5',
      '`a` / NULLIF(`b`, 0)',
      'SUM(`a`) / NULLIF(SUM(`b`), 0)',
      'CASE WHEN `b` <> 0 THEN `a` / `b` ELSE 0 END',
      'CASE WHEN SUM(`b`) = 0 THEN NULL ELSE SUM(`a`) / SUM(`b`) END',
      '`a` / CASE WHEN `b` = 0 THEN NULL ELSE `b` END',
      '`a` * `b`',
    ],
  },
  'aggregate-with-bare-column': {
    flags: [
      ['SUM(`Revenue`) / `Units`', ['`Units`']],
      ["CASE WHEN `Region` = 'West' THEN SUM(`a`) ELSE 0 END", ['`Region`']],
      ['SUM(`a`) - `b` + `b` * `c`', ['`b`', '`c`']],
    ],
    passes: [
      'SUM(`a`) / SUM(`b`)',
      '`a` / `b`',
      "SUM(CASE WHEN `Region` = 'West' THEN `a` ELSE 0 END)",
      'SUM(`a`) OVER (PARTITION BY `r`) / `b`',
      'SUM(SUM(`a`) FIXED (BY `r`)) + SUM(`b`)',
      'LAG(`a`) OVER (ORDER BY `d`) - `a`',
      'SUM(`a`) / SERVICE_BEAST_MODE(12)',
    ],
  },
  'case-without-else': {
    flags: [
      ["CASE WHEN `a` > 0 THEN 'up' END", ['CASE']],
      ["case `s` when 'x' then 1 end", ['case']],
    ],
    passes: [
      "CASE WHEN `a` > 0 THEN 'up' ELSE 'down' END",
      "CASE WHEN `a` > 0 THEN 'up' ELSE NULL END",
    ],
  },
  'identical-case-branches': {
    flags: [
      ["CASE WHEN `a` > 0 THEN 'x' ELSE 'x' END", ['CASE']],
      ['CASE WHEN `a` > 0 THEN `b` WHEN `a` < 0 THEN  `b` END', ['CASE']],
      ['CASE WHEN `a` > 0 THEN sum(`b`) ELSE SUM( `b` ) END', ['CASE']],
    ],
    passes: [
      "CASE WHEN `a` > 0 THEN 'x' ELSE 'y' END",
      "CASE WHEN `a` > 0 THEN 'x' END",
      "CASE WHEN `a` > 0 THEN 'x' WHEN `a` < 0 THEN 'X' END",
    ],
  },
  'duplicate-when': {
    flags: [
      ["CASE WHEN `a` = 1 THEN 'one' WHEN `a` = 1 THEN 'uno' ELSE '' END", ['`a` = 1']],
      ["CASE `s` WHEN 'x' THEN 1 WHEN 'y' THEN 2 WHEN 'x' THEN 3 ELSE 0 END", ["'x'"]],
      ['CASE WHEN `a`=1 THEN 1 WHEN `a` =  1 /* again */ THEN 2 ELSE 0 END', ['`a` =  1']],
    ],
    passes: [
      "CASE WHEN `a` = 1 THEN 'one' WHEN `a` = 2 THEN 'two' ELSE '' END",
      'CASE WHEN `a` = 1 THEN 1 ELSE CASE WHEN `a` = 1 THEN 2 ELSE 3 END END',
    ],
  },
  'constant-condition': {
    flags: [
      ['CASE WHEN 1 = 1 THEN `a` ELSE 0 END', ['1 = 1']],
      ["CASE WHEN TRUE THEN 'x' ELSE 'y' END", ['TRUE']],
      ["IF('a' = 'b', `x`, `y`)", ["'a' = 'b'"]],
    ],
    passes: [
      'CASE WHEN `a` = 1 THEN 1 ELSE 0 END',
      "CASE WHEN CURRENT_DATE() > DATE '2024-01-01' THEN 1 ELSE 0 END",
      "CASE 1 WHEN 1 THEN 'x' ELSE 'y' END",
      'IF(`a` > 0, 1, 0)',
    ],
  },
  'string-plus': {
    flags: [
      ["'Q' + `Quarter`", ['+']],
      ["`a` + ('x')", ['+']],
    ],
    passes: ["CONCAT('Q', `Quarter`)", '`a` + 1', "`a` || 'x'"],
  },
  'archived-field-reference': {
    context: archivedContext,
    flags: [
      ['SERVICE_BEAST_MODE(41) * 2', ['SERVICE_BEAST_MODE(41)']],
      [
        'SERVICE_BEAST_MODE( 41 ) + SERVICE_BEAST_MODE(41) - SERVICE_BEAST_MODE(42)',
        ['SERVICE_BEAST_MODE( 41 )'],
      ],
    ],
    // A backtick name is always a column, even one that is some field's name.
    passes: ['SERVICE_BEAST_MODE(42) * 2', '`Old Margin` * 2', '`Revenue` - `Cost`'],
  },
  'hidden-characters': {
    flags: [
      ["CASE WHEN `role` = 'user\u202E' THEN 1 ELSE 0 END", ['\u202E']],
      ['`a` + 1 /* \u2066 */', ['\u2066']],
      ['`Re\u200Bgion` = 1', ['\u200B']],
      ['`a`\u2028+ 1', ['\u2028']],
      ["'x\u200B\u200By' = `a` -- \u00AD", ['\u200B\u200B', '\u00AD']],
    ],
    passes: [
      "`Region` = 'می\u200Cخواهم'",
      "`Team` = 'क्\u200Dष'",
      "`Mood` = '👨\u200D👩\u200D👧'",
      "'a\tb\nc' = `a`\r\n-- tabs and line breaks lay it out",
      // Between tokens the tokenizer already makes it a problem.
      '`a` \u200B+ 1',
    ],
  },
  'hard-coded-date': {
    flags: [
      ["`Order Date` >= '2024-01-31'", ["'2024-01-31'"]],
      ["DATEDIFF(`d`, DATE '2023-12-01')", ["DATE '2023-12-01'"]],
      ['`d` < "01/31/2024"', ['"01/31/2024"']],
      ["`t` > '2024-01-31 10:00:00'", ["'2024-01-31 10:00:00'"]],
    ],
    passes: [
      "DATE_FORMAT(`d`, '%Y-%m-%d')",
      '`d` >= DATE_SUB(CURRENT_DATE(), INTERVAL 1 YEAR)',
      "`Code` = '2024'",
      "`Version` = '1.2.3'",
    ],
  },
  'like-without-wildcard': {
    flags: [
      ["`Region` LIKE 'West'", ["'West'"]],
      ["`a` NOT LIKE 'x'", ["'x'"]],
    ],
    passes: ["`Region` LIKE '%West%'", "`Code` LIKE 'A_'", '`a` LIKE `b`'],
  },
  'long-expression': {
    flags: [[`${'`a` + '.repeat(LONG_EXPRESSION_LENGTH / 5)}1`, ['']]],
    passes: [`${'`a` + '.repeat(10)}1`],
  },
  'deep-nesting': {
    flags: [
      ['ABS(ABS(ABS(ABS(ABS(ABS(ABS(`a`)))))))', ['A']],
      ['((((((((1))))))))', ['(']],
    ],
    passes: [
      'ABS(ABS(ABS(ABS(ABS(ABS(`a`))))))',
      'CASE WHEN `a` THEN ROUND(ABS(`b`), 2) ELSE 0 END',
    ],
  },
};

describe.each(lintRules.map((rule) => [rule.id, rule] as const))('%s', (id, rule) => {
  const ruleCases = cases[id];

  it('has positive and negative cases', () => {
    expect(ruleCases?.flags.length).toBeGreaterThan(0);
    expect(ruleCases?.passes.length).toBeGreaterThan(0);
  });

  it.each(ruleCases?.flags ?? [])('flags %s', (expression, flagged) => {
    const findings = findingsOf(id, expression, ruleCases?.context);
    expect(findings.map((finding) => finding.flagged)).toEqual(flagged);
    for (const finding of findings)
      expect(finding.message).toMatch(/at position \d+|characters long/);
  });

  it.each(ruleCases?.passes ?? [])('leaves %s alone', (expression) => {
    expect(findingsOf(id, expression, ruleCases?.context)).toEqual([]);
  });

  it('is documented: id, severity, why and how to fix, here and in docs/expressions.md', () => {
    expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(['error', 'warning', 'info']).toContain(rule.severity);
    expect(rule.why.length).toBeGreaterThan(20);
    expect(rule.fix.length).toBeGreaterThan(20);
    expect(expressionsPage).toContain(`\`${rule.id}\``);
  });
});

describe('hidden-characters', () => {
  const messageOf = (expression: string) =>
    findingsOf('hidden-characters', expression).map((finding) => finding.message);

  it('names the character and says where it stands', () => {
    expect(messageOf("`a` = 'user\u202E' -- \u200B")).toEqual([
      'right-to-left override (U+202E) in a string at position 11: it changes the order the text around it is shown in',
      'zero-width space (U+200B) in a comment at position 17: it shows nothing',
    ]);
    expect(messageOf('`Re\u2066gion` + 1')).toEqual([
      'left-to-right isolate (U+2066) in the column name `Re⟨U+2066⟩gion` at position 3: it changes the order the text around it is shown in',
    ]);
    expect(messageOf('`a`\u2028+ 1')).toEqual([
      'line separator (U+2028) between tokens at position 3: it shows nothing',
    ]);
  });

  it('reports adjacent hidden characters in one place once, each kind named once', () => {
    expect(messageOf("'\u202E\u2066\u202E' = `a`")).toEqual([
      'right-to-left override (U+202E), left-to-right isolate (U+2066) in a string at position 1: it changes the order the text around it is shown in',
    ]);
  });

  // Text with no quote, backtick, comment mark or line break, so it stays in one place.
  const plain = fc
    .stringMatching(/^[a-z0-9 %.,:=+-]{0,12}$/)
    .filter((text) => !text.includes('--'));
  const places = [
    (text: string) => ({ expression: `\`a\` = '${text}'`, words: 'in a string' }),
    (text: string) => ({ expression: `\`a\` /* ${text} */`, words: 'in a comment' }),
    (text: string) => ({ expression: `1 -- ${text}`, words: 'in a comment' }),
    (text: string) => ({ expression: `\`${text}\` + 1`, words: 'in the column name' }),
  ];

  it('finds a hidden character anywhere in a string, a comment or a column name, at its position', () => {
    fc.assert(
      fc.property(
        plain,
        plain,
        fc.constantFrom(0x202e, 0x202d, 0x2066, 0x2069, 0x200b, 0x200c, 0x200d, 0x00ad, 0xfeff),
        fc.constantFrom(...places),
        (before, after, code, place) => {
          const { expression, words } = place(`${before}x${String.fromCodePoint(code)}${after}`);
          const position = expression.indexOf(String.fromCodePoint(code));
          const found = lintExpression(expression).filter(
            (finding) => finding.ruleId === 'hidden-characters',
          );
          expect(found.map(({ start, end }) => [start, end])).toEqual([[position, position + 1]]);
          expect(found[0]!.message).toContain(`${words}`);
          expect(found[0]!.message).toContain(`at position ${position}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves the joiners of scripts and emoji that need them alone, wherever they stand', () => {
    const written = ['می\u200Cخواهم', 'क्\u200Dष', 'ശ്\u200D', '👩🏽\u200D💻', '🏳\uFE0F\u200D🌈'];
    fc.assert(
      fc.property(
        plain,
        fc.constantFrom(...written),
        fc.constantFrom(...places),
        (text, word, place) => {
          expect(findingsOf('hidden-characters', place(`${text}${word}`).expression)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('lintExpression', () => {
  it('has at least ten rules, each id once', () => {
    expect(lintRules.length).toBeGreaterThanOrEqual(10);
    expect(new Set(lintRules.map((rule) => rule.id)).size).toBe(lintRules.length);
  });

  it('orders findings by where they start', () => {
    const findings = lintExpression('CASE WHEN `a` = NULL THEN `b` / `c` END');
    expect(findings.map((finding) => finding.ruleId)).toEqual([
      'case-without-else',
      'null-comparison',
      'unguarded-division',
    ]);
  });

  it('finds nothing in an expression that does not parse: its problems come first', () => {
    expect(lintExpression('SUM(`a` / `b`')).toEqual([]);
  });

  it('suggests the nearest known function only when one is nearest', () => {
    expect(findingsOf('unknown-function', 'SUMM(`a`)')[0]?.message).toBe(
      'unknown function SUMM at position 0: did you mean SUM?',
    );
    expect(findingsOf('unknown-function', 'ZZZZZZZ(`a`)')[0]?.message).toBe(
      'unknown function ZZZZZZZ at position 0',
    );
  });

  it('quotes user text shortened and without control characters', () => {
    const [finding] = findingsOf('unguarded-division', `\`b\` / \`\u0007${'y'.repeat(500)}\``);
    expect(finding?.message.length).toBeLessThan(200);
    expect(finding?.message).not.toContain('\u0007');
  });

  it('quotes user text with its hidden characters shown, so none turns the message', () => {
    const [finding] = findingsOf('like-without-wildcard', "`a` LIKE 'West\u202E'");
    expect(finding?.message).toBe(
      "the LIKE pattern 'West⟨U+202E⟩' at position 9 has no % or _: it matches only that exact text",
    );
  });

  it('never throws, on the published formulas or on arbitrary text', () => {
    for (const { formula } of publishedFormulas)
      expect(() => lintExpression(formula)).not.toThrow();
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        lintExpression(text);
      }),
    );
  });
});
