import { describe, expect, test } from 'vitest';
import type { Mark } from './expression-lines';
import { expressionLines } from './expression-lines';

const reference = (key: string, start: number, end: number): Mark => ({
  key,
  kind: 'reference',
  start,
  end,
  name: key,
});
const problem = (key: string, start: number, end: number, message = key): Mark => ({
  key,
  kind: 'problem',
  start,
  end,
  tone: 'error',
  message,
});

/** Each line as its runs, a run written `text[marks]` and a caret as `^marks`. */
function shown(text: string, marks: Mark[]) {
  return expressionLines(text, marks).map((line) =>
    line.segments
      .map((segment) => {
        const carets = segment.carets.map((caret) => `^${caret.key}`).join('');
        const keys = segment.marks.map((mark) => mark.key).join(',');
        return `${carets}${segment.text}${keys ? `[${keys}]` : ''}`;
      })
      .join('|'),
  );
}

describe('expressionLines', () => {
  test('cuts runs where marks start and end, overlapping marks included', () => {
    const text = 'SUM(`a`) / `b`';
    expect(
      shown(text, [reference('a', 4, 7), reference('b', 11, 14), problem('p', 9, 10)]),
    ).toEqual(['SUM(|`a`[a]|) |/[p]| |`b`[b]']);
    expect(shown(text, [problem('wide', 0, 8), reference('a', 4, 7)])).toEqual([
      'SUM([wide]|`a`[wide,a]|)[wide]| / `b`',
    ]);
  });

  test('splits at line breaks, a mark across lines marked on each', () => {
    expect(shown('CASE\n  WHEN x\nEND', [problem('p', 2, 9)])).toEqual([
      'CA|SE[p]',
      '  WH[p]|EN x',
      'END',
    ]);
  });

  test('places carets between characters, the one at the very end on the last line', () => {
    expect(shown('SUM(1', [problem('here', 3, 3), problem('end', 5, 5)])).toEqual([
      'SUM|^here(1|^end',
    ]);
    expect(shown('a\n', [problem('end', 2, 2)])).toEqual(['a', '^end']);
  });

  test('gives each line the most serious tone touching it and its messages', () => {
    const lines = expressionLines('a\nb\nc', [
      { key: 'f', kind: 'finding', start: 2, end: 3, tone: 'info', message: 'style' },
      problem('p', 2, 3, 'broken'),
      reference('c', 4, 5),
    ]);
    expect(lines.map((line) => [line.tone, line.messages])).toEqual([
      [undefined, []],
      ['error', ['style', 'broken']],
      [undefined, []],
    ]);
  });

  test('keeps every character, in order', () => {
    const text = 'x = 1\n\n  AND y';
    const lines = expressionLines(text, [problem('p', 1, 9)]);
    expect(
      lines.map((line) => line.segments.map((segment) => segment.text).join('')).join('\n'),
    ).toBe(text);
  });
});
