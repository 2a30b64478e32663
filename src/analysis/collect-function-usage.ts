import { AGGREGATE_FUNCTIONS } from './aggregate-functions';
import { isIdentifier, isKeywordOf } from './keywords';
import { endsOperand } from './operand-boundaries';
import { SERVICE_OPERATOR_NAMES } from './operators';
import type { Token } from './token';

export interface FunctionUsage {
  /** Distinct, in order of first appearance: upper-cased function names and SERVICE_OP_* names. */
  functions: string[];
  aggregated: boolean;
  analytic: boolean;
}

/**
 * Reads function calls, binary operators and windows straight from the tokens, so an
 * invalid expression still reports what it uses.
 */
export function collectFunctionUsage(tokens: readonly Token[]): FunctionUsage {
  const functions = new Set<string>();
  let aggregated = false;
  let analytic = false;
  let previous: Token | undefined;

  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) break;
    const next = tokens[index + 1];

    if (token.kind === 'operator') {
      const name = SERVICE_OPERATOR_NAMES.get(token.text);
      // After an operand the sign is binary; elsewhere (`-1`, `* -2`, `(-x`) it is unary.
      if (name !== undefined && endsOperand(previous)) functions.add(name);
    } else if (next?.kind === 'open') {
      // A type name after AS, as in CAST(x AS DECIMAL(10, 2)), is not a call.
      if (isIdentifier(token) && !isKeywordOf(previous, 'AS')) {
        functions.add(token.upper);
        if (AGGREGATE_FUNCTIONS.has(token.upper)) aggregated = true;
      } else if (isKeywordOf(token, 'OVER')) {
        analytic = true;
      }
    }
    previous = token;
  }

  return { functions: [...functions], aggregated, analytic };
}
