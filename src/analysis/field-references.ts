import { describeToken } from './describe-token';
import type { Problem } from './problem';
import type { Token } from './token';

/**
 * How an expression uses another calculated field: `SERVICE_BEAST_MODE(<id>)`
 * (production's form with the vendor's prefix renamed, as in SERVICE_OP_). A
 * reference, not a function: it is never listed in `functions`.
 */
export const NESTED_FIELD_CALL = 'SERVICE_BEAST_MODE';

/** The largest id written as a plain decimal that a JavaScript number holds exactly. */
const MAX_ID_DIGITS = 15;

/** One use of another calculated field in an expression. */
export interface FieldReference {
  /** The id between the parentheses. */
  id: number;
  /** Offset of the S of SERVICE_BEAST_MODE. */
  start: number;
  /** Offset just past the closing parenthesis. */
  end: number;
}

export interface FieldReferencesInTokens {
  /** Every well-formed reference, in order; repeats kept. */
  references: FieldReference[];
  /** A SERVICE_BEAST_MODE call without a plain id between its parentheses. */
  problems: Problem[];
}

/** Reads `SERVICE_BEAST_MODE(<id>)` from the tokens; comments and spaces may sit between them. */
export function fieldReferencesOf(tokens: readonly Token[]): FieldReferencesInTokens {
  const references: FieldReference[] = [];
  const problems: Problem[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'word' || token.upper !== NESTED_FIELD_CALL) return;
    if (tokens[index + 1]?.kind !== 'open') return;
    const argument = tokens[index + 2];
    const close = tokens[index + 3];
    const id = argument?.kind === 'number' ? idOf(argument.text) : undefined;
    if (id !== undefined && close?.kind === 'close') {
      references.push({ id, start: token.start, end: close.end });
      return;
    }
    const unexpected = id === undefined ? argument : close;
    const found = unexpected === undefined ? 'nothing' : describeToken(unexpected);
    problems.push({
      start: token.start,
      end: token.end,
      message: `${NESTED_FIELD_CALL} at position ${token.start} takes the id of a calculated field, a whole number, and nothing else; found ${found}`,
    });
  });
  return { references, problems };
}

function idOf(text: string): number | undefined {
  if (!/^\d+$/.test(text) || text.length > MAX_ID_DIGITS) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

/** The distinct ids referenced, in order of first use. */
export function nestedIds(references: readonly FieldReference[]): number[] {
  return [...new Set(references.map((reference) => reference.id))];
}

/** The first use of each id referenced, in order. */
export function firstUses(references: readonly FieldReference[]): FieldReference[] {
  const seen = new Set<number>();
  return references.filter(({ id }) => !seen.has(id) && seen.add(id));
}

/** Why an expression that references an id with no field is INVALID. */
export function unknownFieldProblem(reference: FieldReference): Problem {
  return {
    start: reference.start,
    end: reference.end,
    message: `${NESTED_FIELD_CALL}(${reference.id}) at position ${reference.start} references field ${reference.id}, which does not exist`,
  };
}
