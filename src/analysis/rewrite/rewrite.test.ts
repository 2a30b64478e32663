import { describe, expect, it } from 'vitest';
import { findAndReplace } from './find-replace';
import { remapColumn } from './remap-column';
import { repointNested } from './repoint-nested';
import { catastrophicReason, compilePattern } from './search-pattern';

describe('remapColumn', () => {
  it('replaces the column at its positions and nowhere else', () => {
    const expression = "SUM(`Sales`) /* `Sales` */ + LEN('`Sales`') -- `Sales`\n+ `Sales Tax`";
    const { expression: after, changed } = remapColumn(expression, 'Sales', 'Revenue');
    expect(after).toBe("SUM(`Revenue`) /* `Sales` */ + LEN('`Sales`') -- `Sales`\n+ `Sales Tax`");
    expect(changed).toEqual([{ start: 4, end: 13 }]);
  });

  it('leaves an expression without the column byte for byte', () => {
    expect(remapColumn('`a`  +\t`b`', 'c', 'd').expression).toBe('`a`  +\t`b`');
  });

  it('refuses a name with a backtick', () => {
    expect(() => remapColumn('`a`', 'a', 'b`c')).toThrow('backtick');
  });
});

describe('repointNested', () => {
  it('changes only the ids given, keeping spelling, spaces and comments', () => {
    const expression = 'service_beast_mode( /* x */ 12 ) + SERVICE_BEAST_MODE(13) + 12';
    expect(repointNested(expression, new Set([12]), 7).expression).toBe(
      'service_beast_mode( /* x */ 7 ) + SERVICE_BEAST_MODE(13) + 12',
    );
  });

  it('leaves an id in a string or comment alone', () => {
    const expression = "'SERVICE_BEAST_MODE(12)' -- SERVICE_BEAST_MODE(12)";
    expect(repointNested(expression, new Set([12]), 7).expression).toBe(expression);
  });
});

describe('findAndReplace', () => {
  const compile = (find: string, regex = false, matchCase = true) => {
    const compiled = compilePattern({ find, regex, matchCase });
    if (!compiled.ok) throw new Error(compiled.message);
    return compiled.regex;
  };

  it('replaces plain text everywhere, special characters taken literally', () => {
    const result = findAndReplace("a.b + 'a.b' + axb", {
      regex: compile('a.b'),
      replacement: '$1',
      expand: false,
      codeOnly: false,
    });
    expect(result.expression).toBe("$1 + '$1' + axb");
  });

  it('outside strings and comments only, when asked', () => {
    const result = findAndReplace("IFNULL(x, 'IFNULL') /* IFNULL */ -- IFNULL", {
      regex: compile('ifnull', false, false),
      replacement: 'COALESCE',
      expand: false,
      codeOnly: true,
    });
    expect(result.expression).toBe("COALESCE(x, 'IFNULL') /* IFNULL */ -- IFNULL");
  });

  it('skips a match that reaches into a string', () => {
    const result = findAndReplace("x 'y'", {
      regex: compile("x '", true),
      replacement: 'z',
      expand: false,
      codeOnly: true,
    });
    expect(result.expression).toBe("x 'y'");
  });

  it('expands groups of a regular expression', () => {
    const result = findAndReplace('ROUND(`a`, 2) + ROUND(`b`, 3)', {
      regex: compile('ROUND\\((`[^`]*`), (\\d)\\)', true),
      replacement: 'ROUND($1, $2 + 1) $$',
      expand: true,
      codeOnly: false,
    });
    expect(result.expression).toBe('ROUND(`a`, 2 + 1) $ + ROUND(`b`, 3 + 1) $');
  });

  it('handles a pattern that matches the empty string', () => {
    const result = findAndReplace('ab', {
      regex: compile('x*', true),
      replacement: '-',
      expand: true,
      codeOnly: false,
    });
    expect(result.expression).toBe('-a-b-');
  });
});

describe('compilePattern', () => {
  it('says why a regular expression does not compile', () => {
    const compiled = compilePattern({ find: '(a', regex: true, matchCase: true });
    expect(compiled).toEqual({
      ok: false,
      message: expect.stringContaining('not a valid regular expression'),
    });
  });

  it.each([
    ['(a+)+$', 'repeats inside'],
    ['(?:a*b?)*', 'repeats inside'],
    ['((a+))*', 'repeats inside'],
    ['(a|a)*', 'alternatives'],
    ['(a{2,})+', 'repeats inside'],
    ['(a)\\1', 'backreferences'],
    ['(?<x>a)\\k<x>', 'backreferences'],
  ])('refuses %s, which can backtrack for ever', (pattern, words) => {
    expect(catastrophicReason(pattern)).toContain(words);
    expect(compilePattern({ find: pattern, regex: true, matchCase: true }).ok).toBe(false);
  });

  it.each(['a+b*', '(ab)+', '[(a+)+]*', '\\(a+\\)+', '(?:foo)?bar|baz', 'x{2,3}'])(
    'accepts %s',
    (pattern) => {
      expect(catastrophicReason(pattern)).toBeUndefined();
    },
  );
});
