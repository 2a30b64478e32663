import type { HiddenCharacter } from '../../../contract/hidden-characters';
import { hiddenCharactersInWords, turnsText } from '../../../contract/hidden-characters';
import { hiddenInExpression, invisibleCharacterName, isLineEnd } from '../../characters';
import type { Token } from '../../token';
import type { LintRule } from '../lint-rule';
import { quotedColumn } from '../node-text';

/** Where a hidden character stands: a string, a comment, a column name, or between tokens. */
interface Place {
  start: number;
  end: number;
  words: string;
}

/** The places that can hold text, in order: strings and column names (tokens) and comments (gaps). */
function placesOf(expression: string, tokens: readonly Token[]): Place[] {
  const places: Place[] = [];
  let from = 0;
  for (const token of tokens) {
    places.push(...commentsBetween(expression, from, token.start));
    const { start, end } = token;
    if (token.kind === 'string') places.push({ start, end, words: 'in a string' });
    if (token.kind === 'column') {
      const name = token.text.slice(1, token.unterminated ? undefined : -1);
      places.push({ start, end, words: `in the column name ${quotedColumn(name)}` });
    }
    from = token.end;
  }
  places.push(...commentsBetween(expression, from, expression.length));
  return places;
}

/** The comments between two tokens, read as the tokenizer skips them. */
function commentsBetween(expression: string, from: number, to: number): Place[] {
  const comments: Place[] = [];
  let index = from;
  while (index < to) {
    let end = -1;
    if (expression.startsWith('--', index)) {
      end = index + 2;
      while (end < to && !isLineEnd(expression.charCodeAt(end))) end += 1;
    } else if (expression.startsWith('/*', index)) {
      const close = expression.indexOf('*/', index + 2);
      end = close === -1 ? to : Math.min(to, close + 2);
    }
    if (end === -1) {
      index += 1;
      continue;
    }
    comments.push({ start: index, end, words: 'in a comment' });
    index = end;
  }
  return comments;
}

/** Adjacent hidden characters in one place, reported once. */
interface Run {
  start: number;
  end: number;
  codes: number[];
  words: string;
}

function runsOf(hidden: readonly HiddenCharacter[], places: readonly Place[]): Run[] {
  const runs: Run[] = [];
  let next = 0;
  for (const { at, code } of hidden) {
    while (next < places.length && places[next]!.end <= at) next += 1;
    const place = places[next];
    const inside = place !== undefined && place.start <= at;
    // The tokenizer already makes an invisible character between tokens a problem.
    if (!inside && invisibleCharacterName(code) !== undefined) continue;
    const words = inside ? place.words : 'between tokens';
    const end = at + String.fromCodePoint(code).length;
    const last = runs.at(-1);
    if (last && last.end === at && last.words === words) {
      last.end = end;
      last.codes.push(code);
    } else {
      runs.push({ start: at, end, codes: [code], words });
    }
  }
  return runs;
}

export const hiddenCharactersRule: LintRule = {
  id: 'hidden-characters',
  severity: 'warning',
  title: 'Hidden character',
  why: 'A character that shows nothing, or that turns the text around it (a right-to-left override), makes the expression read differently than it runs ("Trojan Source"): code can hide in what looks like a comment, and two strings or names that look alike differ.',
  fix: 'Delete the character, or retype the text around it. Joiners inside words of scripts that need them (Persian, the Indic scripts) and in emoji are part of the text and are not reported.',
  check({ expression, tokens }, report) {
    const hidden = hiddenInExpression(expression);
    if (hidden.length === 0) return;
    for (const run of runsOf(hidden, placesOf(expression, tokens))) {
      const effect = run.codes.some(turnsText)
        ? 'it changes the order the text around it is shown in'
        : 'it shows nothing';
      report({
        start: run.start,
        end: run.end,
        message: `${hiddenCharactersInWords(run.codes)} ${run.words} at position ${run.start}: ${effect}`,
      });
    }
  },
};
