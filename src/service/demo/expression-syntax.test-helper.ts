/**
 * A deliberately small syntax check for tests of the generator: balanced
 * parentheses, closed quotes and backticks, one END per CASE. The service's own
 * analyzer is the authority; this only lets tests count what the generator meant.
 */
export function isWellFormed(expression: string): boolean {
  let depth = 0;
  let code = '';
  let i = 0;
  while (i < expression.length) {
    const char = expression[i] as string;
    if (char === "'" || char === '`') {
      const close = expression.indexOf(char, i + 1);
      if (close < 0) return false;
      code += ' ';
      i = close + 1;
      continue;
    }
    if (char === '(') depth++;
    if (char === ')' && --depth < 0) return false;
    code += char;
    i++;
  }
  const cases = code.match(/\bCASE\b/gi)?.length ?? 0;
  const ends = code.match(/\bEND\b/gi)?.length ?? 0;
  return depth === 0 && cases === ends && expression.trim() !== '';
}

/** Column names referenced in a well-formed expression, without backticks, in order. */
export function referencedColumns(expression: string): string[] {
  const columns: string[] = [];
  let i = 0;
  while (i < expression.length) {
    const char = expression[i];
    if (char === "'" || char === '`') {
      const close = expression.indexOf(char, i + 1);
      if (close < 0) break;
      if (char === '`') columns.push(expression.slice(i + 1, close));
      i = close + 1;
      continue;
    }
    i++;
  }
  return columns;
}
