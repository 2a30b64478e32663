import type { FieldReference } from './field-references';
import { fieldReferencesOf, NESTED_FIELD_CALL } from './field-references';
import { tokenize } from './tokenize';

/**
 * The expression with every `SERVICE_BEAST_MODE(<from>)` naming `to` instead, read
 * from the tokens (a reference inside a string or a comment is left as it is);
 * undefined when it names `from` nowhere.
 */
export function repointReferences(
  expression: string,
  from: number,
  to: number,
): string | undefined {
  const named = referencesTo(expression, from);
  if (named.length === 0) return undefined;
  let rewritten = expression;
  // Last first, so the offsets of the earlier ones still hold.
  for (const { start, end } of named.reverse()) {
    rewritten = `${rewritten.slice(0, start)}${NESTED_FIELD_CALL}(${to})${rewritten.slice(end)}`;
  }
  return rewritten;
}

/** Every `SERVICE_BEAST_MODE(<id>)` of the expression that names `id`. */
export function referencesTo(expression: string, id: number): FieldReference[] {
  const { references } = fieldReferencesOf(tokenize(expression).tokens);
  return references.filter((reference) => reference.id === id);
}
