import { NESTED_FIELD_CALL } from '../field-references';
import { tokenize } from '../tokenize';
import type { Rewrite, TextEdit } from './text-edit';
import { applyEdits } from './text-edit';

/**
 * Makes every `SERVICE_BEAST_MODE(<old>)` with an old id in `from` nest `to`
 * instead. Only the id is replaced, so the spelling of the call, spaces and
 * comments between its parts stay as written.
 */
export function repointNested(expression: string, from: ReadonlySet<number>, to: number): Rewrite {
  const { tokens } = tokenize(expression);
  const edits: TextEdit[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'word' || token.upper !== NESTED_FIELD_CALL) return;
    const argument = tokens[index + 2];
    if (tokens[index + 1]?.kind !== 'open' || tokens[index + 3]?.kind !== 'close') return;
    if (argument?.kind !== 'number' || !/^\d+$/.test(argument.text)) return;
    if (!from.has(Number(argument.text))) return;
    edits.push({ start: argument.start, end: argument.end, text: String(to) });
  });
  return applyEdits(expression, edits);
}
