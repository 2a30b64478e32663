import { AGGREGATE_FUNCTIONS } from './aggregate-functions';
import { NESTED_FIELD_CALL } from './field-references';
import { javaHashSetOrder } from './java-hash-set-order';
import { isIdentifier, isKeywordOf } from './keywords';
import { endsOperand } from './operand-boundaries';
import { SERVICE_OPERATOR_NAMES } from './operators';
import { FIXED_CLAUSE_WORDS } from './parse-fixed';
import type { Token } from './token';

export interface FunctionUsage {
  /**
   * Distinct upper-cased function names and SERVICE_OP_* names, in the iteration
   * order of production's Java HashSet (see java-hash-set-order.ts).
   */
  functions: string[];
  aggregated: boolean;
  analytic: boolean;
}

/**
 * Calls the service does not list: production leaves CURRENT_DATE out of its own
 * example, and a nested field's reference is no function.
 */
const UNLISTED_FUNCTIONS: ReadonlySet<string> = new Set(['CURRENT_DATE', NESTED_FIELD_CALL]);

/**
 * Reads function calls, binary operators, windows and FIXED clauses straight from
 * the tokens, so an invalid expression still reports what it uses.
 */
export function collectFunctionUsage(tokens: readonly Token[]): FunctionUsage {
  const functions: string[] = [];
  let aggregated = false;
  let analytic = false;
  let previous: Token | undefined;
  let depth = 0;
  /** Parenthesis depths at which FIXED clauses opened; their words are not calls. */
  const fixedClauses: number[] = [];

  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) break;
    const next = tokens[index + 1];

    if (token.kind === 'open') depth += 1;
    else if (token.kind === 'close') {
      if (fixedClauses.at(-1) === depth) fixedClauses.pop();
      depth -= 1;
    } else if (token.kind === 'operator') {
      const name = SERVICE_OPERATOR_NAMES.get(token.text);
      // After an operand the sign is binary; elsewhere (`-1`, `* -2`, `(-x`, `THEN -1`,
      // `REMOVE -x` in a FIXED clause) it is unary.
      const afterClauseWord = fixedClauses.length > 0 && isClauseWord(previous);
      if (name !== undefined && endsOperand(previous) && !afterClauseWord) functions.push(name);
    } else if (next?.kind === 'open') {
      if (token.upper === 'FIXED' && previous?.kind === 'close') {
        analytic = true;
        fixedClauses.push(depth + 1);
      } else if (isKeywordOf(token, 'OVER')) {
        analytic = true;
      } else if (isCall(token, previous, fixedClauses.length > 0)) {
        if (!UNLISTED_FUNCTIONS.has(token.upper)) functions.push(token.upper);
        if (AGGREGATE_FUNCTIONS.has(token.upper)) aggregated = true;
      }
    }
    previous = token;
  }

  return { functions: javaHashSetOrder(functions), aggregated, analytic };
}

function isCall(name: Token, previous: Token | undefined, inFixedClause: boolean): boolean {
  if (!isIdentifier(name)) return false;
  // A type name after AS, as in CAST(x AS DECIMAL(10, 2)), is not a call.
  if (isKeywordOf(previous, 'AS')) return false;
  return !(inFixedClause && isClauseWord(name));
}

function isClauseWord(token: Token | undefined): boolean {
  return token?.kind === 'word' && FIXED_CLAUSE_WORDS.has(token.upper);
}
