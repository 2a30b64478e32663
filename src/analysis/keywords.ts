import type { Token } from './token';

// Words with a grammatical role. They are never function names, even before '('
// (`IN (`, `OVER (`, `NOT (`).
const KEYWORDS: ReadonlySet<string> = new Set([
  'ALL',
  'AND',
  'AS',
  'ASC',
  'BETWEEN',
  'BY',
  'CASE',
  'CURRENT',
  'DESC',
  'DISTINCT',
  'ELSE',
  'END',
  'FALSE',
  'FOLLOWING',
  'FOR',
  'FROM',
  'IN',
  'INTERVAL',
  'IS',
  'LIKE',
  'NOT',
  'NULL',
  'OR',
  'ORDER',
  'OVER',
  'PARTITION',
  'PRECEDING',
  'RANGE',
  'ROW',
  'ROWS',
  'THEN',
  'TRUE',
  'UNBOUNDED',
  'WHEN',
]);

export function isKeyword(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'word' && KEYWORDS.has(token.upper);
}

export function isKeywordOf(token: Token | undefined, keyword: string): boolean {
  return token !== undefined && token.kind === 'word' && token.upper === keyword;
}

/** A word that is not a keyword: a function name before '(', otherwise a bare operand. */
export function isIdentifier(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'word' && !KEYWORDS.has(token.upper);
}
