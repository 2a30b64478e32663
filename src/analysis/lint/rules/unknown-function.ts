import { printable } from '../../describe-token';
import { NESTED_FIELD_CALL } from '../../field-references';
import { walkTree } from '../../syntax-tree';
import { KNOWN_FUNCTIONS } from '../known-functions';
import type { LintRule } from '../lint-rule';

export const unknownFunction: LintRule = {
  id: 'unknown-function',
  severity: 'warning',
  title: 'Unknown function',
  why: 'A misspelt function name (SUMM, DATEDIF) makes the instance refuse the formula; the analyzer reads any name as a call, so it says so here.',
  fix: 'Correct the name; the message suggests the nearest known function. If the instance offers a function the analyzer does not know, this finding can be ignored.',
  check({ tree }, report) {
    walkTree(tree, (node) => {
      if (
        node.kind !== 'call' ||
        KNOWN_FUNCTIONS.has(node.name) ||
        node.name === NESTED_FIELD_CALL
      ) {
        return;
      }
      const suggestion = nearestKnownFunction(node.name);
      report({
        start: node.start,
        end: node.nameEnd,
        message: `unknown function ${printable(node.name)} at position ${node.start}${suggestion ? `: did you mean ${suggestion}?` : ''}`,
      });
    });
  },
};

/** The one known name within two edits of `name`, if there is exactly one nearest. */
export function nearestKnownFunction(name: string): string | undefined {
  if (name.length > 40) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  let tied = false;
  for (const known of KNOWN_FUNCTIONS) {
    if (Math.abs(known.length - name.length) >= bestDistance) continue;
    const distance = editDistance(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
      tied = false;
    } else if (distance === bestDistance) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
