import { isKeyword } from './keywords';
import type { Token } from './token';

const KEYWORDS_ENDING_AN_OPERAND: ReadonlySet<string> = new Set(['END', 'NULL', 'TRUE', 'FALSE']);
const KEYWORDS_STARTING_AN_OPERAND: ReadonlySet<string> = new Set([
  'CASE',
  'NULL',
  'TRUE',
  'FALSE',
  'NOT',
  'INTERVAL',
]);

/** True when the token can be the last token of an operand, so an operator after it is binary. */
export function endsOperand(token: Token | undefined): boolean {
  if (token === undefined) return false;
  switch (token.kind) {
    case 'number':
    case 'string':
    case 'column':
    case 'close':
      return true;
    case 'word':
      return !isKeyword(token) || KEYWORDS_ENDING_AN_OPERAND.has(token.upper);
    default:
      return false;
  }
}

/** True when the token can begin an operand (unary signs aside). */
export function startsOperand(token: Token | undefined): boolean {
  if (token === undefined) return false;
  switch (token.kind) {
    case 'number':
    case 'string':
    case 'column':
    case 'open':
      return true;
    case 'word':
      return !isKeyword(token) || KEYWORDS_STARTING_AN_OPERAND.has(token.upper);
    default:
      return false;
  }
}
